import type { ReviewRead } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
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

/** The 'Recent Reviews' card: up to 20, newest first, or 'No reviews yet.' */
export function RecentReviews({ reviews, onDeleted }: { reviews: ReviewRead[]; onDeleted(): Promise<unknown> }) {
  // A deleted review takes its buttons with it: the focus goes to the list, near where it was.
  const list = useRef<HTMLDivElement>(null);
  return (
    <Card title={t('Recent Reviews')} className="movie-reviews">
      <div ref={list} tabIndex={-1} className="review-list-region">
        {reviews.length === 0 ? (
          <p className="movie-muted">{t('No reviews yet.')}</p>
        ) : (
          <ul className="review-list">
            {reviews.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
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
function ReviewSocial({ review, onDeleted }: { review: ReviewRead; onDeleted(): Promise<unknown> }) {
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
            <CommentThread reviewId={review.id} signedIn={Boolean(user)} onCountChange={(delta) => setCount((shown) => shown + delta)} />
          </Suspense>
        </div>
      )}
    </>
  );
}

function ReviewItem({ review, onDeleted }: { review: ReviewRead; onDeleted(): Promise<unknown> }) {
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
      <ReviewSocial review={review} onDeleted={onDeleted} />
    </li>
  );
}
