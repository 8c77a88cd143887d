import type { Comment } from '@movieclub/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { changeComment, deleteComment, fetchComments, postComment } from '../../api/social';
import { t } from '../../i18n';
import { UserAvatar } from '../UserAvatar';
import { TimeAgo } from '../TimeAgo';
import { NextPageFailed, useNextPage } from '../OlderPagesButton';
import { Phrase } from '../Phrase';
import { CommentForm } from './CommentForm';
import { ReactionBar } from './ReactionBar';
import { SpoilerBlock } from './SpoilerBlock';
import './social.css';
import { linksWithBase } from '../../lib/basePath';
import { moveFocusAfter } from '../../lib/focusAfter';
import { useOnePending } from '../../lib/useOnePending';

interface CommentItemProps {
  comment: Comment;
  signedIn: boolean;
  onChanged(): void;
  /** `pressed`: what had the focus when Delete was pressed (the focus follows only if it is still there). */
  onDeleted(pressed: Element | null): void;
}

function CommentItem({ comment, signedIn, onChanged, onDeleted }: CommentItemProps) {
  const location = useLocation();
  const [editing, setEditing] = useState(false);
  // Saved or cancelled, the form goes and the focus returns to 'Edit', which opened it.
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (returnFocus && !editing) {
      document.getElementById(`comment-${comment.id}`)?.querySelector<HTMLButtonElement>('[data-edit]')?.focus();
      setReturnFocus(false);
    }
  }, [returnFocus, editing, comment.id]);
  const closeEditing = () => {
    setEditing(false);
    setReturnFocus(true);
  };
  const edit = useMutation({
    mutationFn: ({ text, spoiler }: { text: string; spoiler: boolean }) => changeComment(comment.id, { text, spoiler }),
    onSuccess: () => {
      closeEditing();
      onChanged();
    },
  });
  const saveEdit = useOnePending(edit);
  const remove = useMutation({ mutationFn: (_pressed: Element | null) => deleteComment(comment.id), onSuccess: (_reply, pressed) => onDeleted(pressed) });
  const { username, profile_picture } = comment.user;
  return (
    <li className={location.hash === `#comment-${comment.id}` ? 'comment comment-linked' : 'comment'} id={`comment-${comment.id}`}>
      <div className="comment-head">
        <Link to={`/user/profile/${encodeURIComponent(username)}`} className="comment-author">
          <UserAvatar username={username} picture={profile_picture} initial decorative />
          <span>{username}</span>
        </Link>
        <span className="comment-date">
          <TimeAgo iso={comment.created_at} />
          {comment.edited_at && <> · {t('edited')}</>}
        </span>
      </div>
      {editing ? (
        <CommentForm
          initialText={comment.text}
          initialSpoiler={comment.spoiler}
          textLabel={t('Change your comment')}
          submitLabel={t('Save')}
          busy={edit.isPending}
          error={edit.isError ? errorText(edit.error, t('Could not save the comment.')) : ''}
          onSubmit={(text, spoiler) => saveEdit({ text, spoiler })}
          onCancel={closeEditing}
          focusText
        />
      ) : (
        <SpoilerBlock spoiler={comment.spoiler}>
          {/* Sanitised on the server: escaped text with links and mentions only. */}
          <p className="comment-text" dangerouslySetInnerHTML={{ __html: linksWithBase(comment.html) }} />
        </SpoilerBlock>
      )}
      <div className="comment-actions">
        <ReactionBar target={{ kind: 'comment', id: comment.id }} initial={comment.reactions} signedIn={signedIn} />
        {comment.permissions.edit && !editing && (
          <Button data-edit type="button" size="small" text label={t('Edit')} aria-label={t('Edit comment by {{name}}', { name: username })} onClick={() => setEditing(true)} />
        )}
        {comment.permissions.delete && (
          <Button
            type="button"
            size="small"
            text
            severity="danger"
            label={t('Delete')}
            aria-label={t('Delete comment by {{name}}', { name: username })}
            aria-busy={remove.isPending}
            onClick={(event) => !remove.isPending && window.confirm(t('Delete this comment?')) && remove.mutate(event.currentTarget)}
          />
        )}
      </div>
      {remove.isError && (
        <p className="social-error" role="alert">
          {errorText(remove.error, t('Could not delete the comment.'))}
        </p>
      )}
    </li>
  );
}

/** A review's comments, oldest first, with more on demand, and the form to add one. */
export default function CommentThread({
  reviewId,
  signedIn,
  onCountChange,
  onLinkSought,
}: {
  reviewId: number;
  signedIn: boolean;
  onCountChange?(delta: number): void;
  /** Arriving by a link to a comment: told once the thread has read all its comments whether the comment is among them. */
  onLinkSought?(found: boolean): void;
}) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const comments = useInfiniteQuery({
    queryKey: queryKeys.comments(reviewId),
    queryFn: ({ pageParam, signal }) => fetchComments(reviewId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_after ?? undefined,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.comments(reviewId) });
  // A deleted comment takes its buttons with it: the focus goes to the thread, near where it was.
  const thread = useRef<HTMLElement>(null);
  // The form starts empty again once a comment is posted; a refused one keeps its words.
  const [posted, setPosted] = useState(0);
  const add = useMutation({
    mutationFn: ({ text, spoiler }: { text: string; spoiler: boolean }) => postComment(reviewId, { text, spoiler }),
    onSuccess: () => {
      setPosted((count) => count + 1);
      onCountChange?.(1);
      reload();
    },
  });
  const post = useOnePending(add);
  const commentList = useRef<HTMLOListElement>(null);
  const moreComments = useNextPage(comments, commentList);
  const all = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  // Arriving by a link to one comment: bring it into view once it is on the page.
  const linked = location.hash.startsWith('#comment-') ? location.hash.slice(1) : null;
  const linkedShown = linked !== null && all.some((shown) => `comment-${shown.id}` === linked);
  const allRead = comments.isSuccess && !comments.hasNextPage;
  useEffect(() => {
    if (linked !== null && allRead) onLinkSought?.(linkedShown);
  }, [linked, linkedShown, allRead, onLinkSought]);
  // The focus goes with it, so a keyboard reads on from the comment rather than from the top.
  useEffect(() => {
    const comment = linkedShown ? document.getElementById(linked!) : null;
    if (!comment) return;
    comment.scrollIntoView({ block: 'center' });
    comment.tabIndex = -1;
    comment.focus({ preventScroll: true });
  }, [linked, linkedShown]);

  return (
    <section className="comment-thread" aria-label={t('Comments')} ref={thread} tabIndex={-1}>
      {comments.isLoadingError && <p className="social-error">{t('Could not load the comments.')}</p>}
      {all.length > 0 && (
        <ol className="comment-list" ref={commentList}>
          {all.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              signedIn={signedIn}
              onChanged={reload}
              onDeleted={(pressed) => {
                onCountChange?.(-1);
                moveFocusAfter(pressed, thread.current);
                reload();
              }}
            />
          ))}
        </ol>
      )}
      <NextPageFailed pages={comments} />
      {/* Not disabled while it loads: the focus then goes to the first comment it brought. */}
      {comments.hasNextPage && <Button type="button" size="small" text label={t('More comments')} aria-busy={comments.isFetchingNextPage} onClick={moreComments} />}
      {signedIn ? (
        <CommentForm
          key={posted}
          focusText={posted > 0}
          textLabel={t('Your comment')}
          submitLabel={t('Comment')}
          busy={add.isPending}
          error={add.isError ? errorText(add.error, t('Could not post the comment.')) : ''}
          onSubmit={(text, spoiler) => post({ text, spoiler })}
        />
      ) : (
        <p className="comment-sign-in">
          <Phrase
            text={t('{{login}} to comment.')}
            parts={{
              login: (
                <Link to="/login" state={{ from: location }}>
                  {t('Login')}
                </Link>
              ),
            }}
          />
        </p>
      )}
    </section>
  );
}
