import { MOVIE_REVIEWS_LIMIT, type ReviewRead } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MentionText } from '../../components/social/MentionText';
import { ReactionBar } from '../../components/social/ReactionBar';
import { SpoilerBlock } from '../../components/social/SpoilerBlock';
import { useSession } from '../../session/SessionProvider';
import { RatingLetter } from '../../components/RatingLetter';
import { StarRating } from '../../components/StarRating';
import { UserAvatar } from '../../components/UserAvatar';
import { budgetLabel } from '../../lib/budget';
import { errorText } from '../../api/client';
import { deleteReview } from '../../api/reviews';
import { reviewDate, yesNo } from './movieFormat';
import { t } from '../../i18n';

// Loaded when a reader opens a review's comments.
const CommentThread = lazy(() => import('../../components/social/CommentThread'));

/**
 * Arriving by a link to a review or a comment that is gone (deleted since the link was made): says so,
 * once every review is on the page and every thread with comments has read them all.
 */
function useMissingLink(reviews: ReviewRead[], read: boolean) {
  const { hash } = useLocation();
  const [sought, setSought] = useState<{ hash: string; found: Map<number, boolean> }>({ hash, found: new Map() });
  const found = sought.hash === hash ? sought.found : new Map<number, boolean>();
  const report = useCallback(
    (reviewId: number, shown: boolean) =>
      setSought((current) => {
        const kept = current.hash === hash ? current.found : new Map<number, boolean>();
        return kept.get(reviewId) === shown ? current : { hash, found: new Map(kept).set(reviewId, shown) };
      }),
    [hash],
  );
  // The page reads the newest reviews only: a shorter list than it asks for is every review.
  const complete = read && reviews.length < MOVIE_REVIEWS_LIMIT;
  let missing: string | null = null;
  if (complete && hash.startsWith('#review-') && !reviews.some((review) => `#review-${review.id}` === hash)) {
    missing = t('The review this link points to is no longer here.');
  } else if (complete && hash.startsWith('#comment-') && reviews.every((review) => review.comment_count === 0 || found.get(review.id) === false)) {
    missing = t('The comment this link points to is no longer here.');
  }
  return { missing, report };
}

/** Said in place of a linked review or comment that is gone; it takes the focus, as the linked one would. */
function MissingLinkNote({ text }: { text: string }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    note.current?.scrollIntoView({ block: 'center' });
    note.current?.focus({ preventScroll: true });
  }, []);
  return (
    <p className="review-link-missing" role="status" tabIndex={-1} ref={note}>
      {text}
    </p>
  );
}

/** The 'Recent Reviews' card: up to 20, newest first, or 'No reviews yet.' */
export function RecentReviews({ reviews, read, onDeleted }: { reviews: ReviewRead[]; read: boolean; onDeleted(): Promise<unknown> }) {
  // A deleted review takes its buttons with it: the focus goes to the list, near where it was.
  const list = useRef<HTMLDivElement>(null);
  const { missing, report } = useMissingLink(reviews, read);
  return (
    <Card title={t('Recent Reviews')} className="movie-reviews">
      {missing && <MissingLinkNote text={missing} />}
      <div ref={list} tabIndex={-1} className="review-list-region">
        {reviews.length === 0 ? (
          <p className="movie-muted">{t('No reviews yet.')}</p>
        ) : (
          <ul className="review-list">
            {reviews.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                onLinkSought={report}
                onDeleted={async () => {
                  await onDeleted();
                  list.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** 'Delete' on a review, for its author and site admins; the server decides in the end. */
function DeleteReviewButton({ review, onDeleted }: { review: ReviewRead; onDeleted(): Promise<unknown> }) {
  const { user } = useSession();
  const name = review.user.username;
  const remove = useMutation({ mutationFn: () => deleteReview(review.id), onSuccess: onDeleted });
  if (!user || (!user.is_admin && user.username !== name)) return null;
  const ask = () => {
    if (!remove.isPending && window.confirm(t('Delete the review by {{name}}? Its comments and reactions go with it.', { name }))) remove.mutate();
  };
  return (
    <>
      <Button type="button" size="small" text severity="danger" icon="pi pi-trash" label={t('Delete')} aria-label={t('Delete review by {{name}}', { name })} aria-busy={remove.isPending} onClick={ask} className="review-delete" />
      {remove.isError && (
        <p className="social-error" role="alert">
          {errorText(remove.error, t('Could not delete the review.'))}
        </p>
      )}
    </>
  );
}

/** Reactions and the comments under a review, opened on demand. */
function ReviewSocial({ review, onDeleted, onLinkSought }: { review: ReviewRead; onDeleted(): Promise<unknown>; onLinkSought(reviewId: number, found: boolean): void }) {
  const { user } = useSession();
  // A link to a comment (from a notification) opens the threads that have comments; a link to
  // the review (from the feed) opens its thread, to read or to write the first comment.
  const { hash } = useLocation();
  const linked = hash === `#review-${review.id}`;
  const [open, setOpen] = useState(() => linked || (hash.startsWith('#comment-') && review.comment_count > 0));
  useEffect(() => {
    if (linked) document.getElementById(`review-${review.id}`)?.scrollIntoView({ block: 'start' });
  }, [linked, review.id]);
  const [count, setCount] = useState(review.comment_count);
  // A count read again (after someone else's comment) replaces the one kept here.
  const [countRead, setCountRead] = useState(review.comment_count);
  if (review.comment_count !== countRead) {
    setCountRead(review.comment_count);
    setCount(review.comment_count);
  }
  const threadId = `review-${review.id}-comments`;
  const linkSought = useCallback((found: boolean) => onLinkSought(review.id, found), [onLinkSought, review.id]);
  return (
    <>
      <div className="review-social">
        <ReactionBar target={{ kind: 'review', id: review.id }} initial={review.reactions} signedIn={Boolean(user)} />
        <Button
          type="button"
          size="small"
          text
          icon="pi pi-comments"
          label={count === 1 ? t('1 comment') : t('{{n}} comments', { n: count })}
          aria-expanded={open}
          aria-controls={open ? threadId : undefined}
          onClick={() => setOpen((shown) => !shown)}
        />
        <DeleteReviewButton review={review} onDeleted={onDeleted} />
      </div>
      {open && (
        <div id={threadId}>
          <Suspense fallback={null}>
            <CommentThread reviewId={review.id} signedIn={Boolean(user)} onCountChange={(delta) => setCount((shown) => shown + delta)} onLinkSought={linkSought} />
          </Suspense>
        </div>
      )}
    </>
  );
}

function ReviewItem({ review, onDeleted, onLinkSought }: { review: ReviewRead; onDeleted(): Promise<unknown>; onLinkSought(reviewId: number, found: boolean): void }) {
  const { username, profile_picture } = review.user;
  const smoke = yesNo(review.smoke_alerms);
  const equipment = yesNo(review.movie_equipment_seen);
  const budget = budgetLabel(review.estitamated_budget);
  return (
    <li className="review-item" id={`review-${review.id}`}>
      <div className="review-head">
        <Link to={`/user/profile/${encodeURIComponent(username)}`} className="review-author">
          <UserAvatar username={username} picture={profile_picture} decorative />
          <span className="review-author-name">{username}</span>
        </Link>
        <span className="review-date">{reviewDate(review.created_at)}</span>
      </div>
      <div className="review-scores">
        <StarRating label={t('Actual Rating')} value={review.stars} readOnly />
        <RatingLetter grade={review.ttm_rating} />
      </div>
      <ul className="review-facts">
        {review.how_painful !== null && <li>{t('Pain Level: {{level}}/10', { level: review.how_painful })}</li>}
        {smoke && <li>{t('Smoke Alarms: {{answer}}', { answer: smoke })}</li>}
        {equipment && <li>{t('Movie Equipment Seen: {{answer}}', { answer: equipment })}</li>}
        {budget && <li>{t('Estimated Budget: {{budget}}', { budget })}</li>}
      </ul>
      {/* Plain text: React escapes it, so HTML in a review shows as typed and never runs. */}
      {review.text && (
        <SpoilerBlock spoiler={review.spoiler}>
          <p className="review-text">
            <MentionText text={review.text} mentions={review.mentions} />
          </p>
        </SpoilerBlock>
      )}
      <ReviewSocial review={review} onDeleted={onDeleted} onLinkSought={onLinkSought} />
    </li>
  );
}
