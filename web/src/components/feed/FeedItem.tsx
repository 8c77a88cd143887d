import type { FeedEvent } from '@movieclub/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { namesText } from '../../lib/viewingDates';
import { SpoilerBlock } from '../social/SpoilerBlock';
import { UserAvatar } from '../UserAvatar';

const profile = (username: string) => `/user/profile/${encodeURIComponent(username)}`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function MovieLink({ event }: { event: FeedEvent }) {
  if (!event.movie) return <>a movie</>;
  return (
    <Link to={`/movie/${event.movie.id}`}>
      {event.movie.title}
      {event.movie.year !== null && ` (${event.movie.year})`}
    </Link>
  );
}

function ListLink({ event }: { event: FeedEvent }) {
  return event.list ? <Link to={`/watchlist/${event.list.id}`}>{event.list.name}</Link> : <>a list</>;
}

/** What happened, as a sentence with its links. */
function sentence(event: FeedEvent): ReactNode {
  switch (event.kind) {
    case 'review':
      return <>rated <MovieLink event={event} />{event.review ? ` ${event.review.stars} ★` : ''}</>;
    case 'viewing':
      return (
        <>
          watched <MovieLink event={event} />
          {event.with.length > 0 && ` with ${namesText(event.with.map((member) => member.username))}`}
        </>
      );
    case 'movie_added':
      return <>added <MovieLink event={event} /> to the catalogue</>;
    case 'list_addition':
      return <>added <MovieLink event={event} /> to <ListLink event={event} /></>;
    case 'pick':
      return <>picked <MovieLink event={event} /> from <ListLink event={event} /></>;
    case 'screening_scheduled':
      return (
        <>
          scheduled a <Link to={`/screening/${event.screening?.id ?? ''}`}>movie night</Link> of <ListLink event={event} />
        </>
      );
    case 'screening_picked':
      return (
        <>
          picked <MovieLink event={event} /> for a <Link to={`/screening/${event.screening?.id ?? ''}`}>movie night</Link> of <ListLink event={event} />
        </>
      );
    case 'member_joined':
      return <>joined the club</>;
  }
}

/** One event of the feed: who, what (with links), when; a review's text under it, blurred when it spoils. */
export function FeedItem({ event, mute }: { event: FeedEvent; mute?: ReactNode }) {
  const actor = event.actor;
  return (
    <li className="feed-item">
      {actor ? <UserAvatar username={actor.username} picture={actor.profile_picture} initial /> : <i className="pi pi-users feed-no-actor" aria-hidden="true" />}
      <div className="feed-body">
        <p className="feed-sentence">
          {actor ? <Link to={profile(actor.username)} className="feed-actor">{actor.username}</Link> : 'Someone'}{' '}
          {sentence(event)}
        </p>
        {event.review?.text && (
          <SpoilerBlock spoiler={event.review.spoiler}>
            <p className="feed-review-text">{event.review.text}</p>
          </SpoilerBlock>
        )}
        <p className="feed-meta">
          <time dateTime={event.at}>{when(event.at)}</time>
          {event.review && event.movie && (
            <>
              {' · '}
              <Link to={`/movie/${event.movie.id}`}>{event.review.comment_count === 1 ? '1 comment' : `${event.review.comment_count} comments`}</Link>
            </>
          )}
          {mute}
        </p>
      </div>
    </li>
  );
}
