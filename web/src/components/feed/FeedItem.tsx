import type { FeedEvent } from '@movieclub/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { namesText } from '../../lib/viewingDates';
import { Phrase } from '../Phrase';
import { SpoilerBlock } from '../social/SpoilerBlock';
import { TimeAgo } from '../TimeAgo';
import { UserAvatar } from '../UserAvatar';

const profile = (username: string) => `/user/profile/${encodeURIComponent(username)}`;

function MovieLink({ event }: { event: FeedEvent }) {
  if (!event.movie) return <>{t('a movie')}</>;
  return (
    <Link to={`/movie/${event.movie.id}`}>
      {event.movie.title}
      {event.movie.year !== null && ` (${event.movie.year})`}
    </Link>
  );
}

function ListLink({ event }: { event: FeedEvent }) {
  return event.list ? <Link to={`/watchlist/${event.list.id}`}>{event.list.name}</Link> : <>{t('a list')}</>;
}

/** What happened, as a sentence with its links. */
function sentence(event: FeedEvent): ReactNode {
  const movie = <MovieLink event={event} />;
  const list = <ListLink event={event} />;
  const night = <Link to={`/screening/${event.screening?.id ?? ''}`}>{t('movie night')}</Link>;
  switch (event.kind) {
    case 'review':
      return event.review ? (
        <Phrase text={t('rated {{movie}} {{stars}} ★', { stars: event.review.stars })} parts={{ movie }} />
      ) : (
        <Phrase text={t('rated {{movie}}')} parts={{ movie }} />
      );
    case 'viewing':
      return event.with.length > 0 ? (
        <Phrase text={t('watched {{movie}} with {{names}}')} parts={{ movie, names: namesText(event.with.map((member) => member.username)) }} />
      ) : (
        <Phrase text={t('watched {{movie}}')} parts={{ movie }} />
      );
    case 'movie_added':
      return <Phrase text={t('added {{movie}} to the catalogue')} parts={{ movie }} />;
    case 'list_addition':
      return <Phrase text={t('added {{movie}} to {{list}}')} parts={{ movie, list }} />;
    case 'pick':
      return <Phrase text={t('picked {{movie}} from {{list}}')} parts={{ movie, list }} />;
    case 'screening_scheduled':
      return <Phrase text={t('scheduled a {{night}} of {{list}}')} parts={{ night, list }} />;
    case 'screening_picked':
      return <Phrase text={t('picked {{movie}} for a {{night}} of {{list}}')} parts={{ movie, night, list }} />;
    case 'member_joined':
      return <>{t('joined the club')}</>;
  }
}

/** One event of the feed: who, what (with links), when; a review's text under it, blurred when it spoils. */
export function FeedItem({ event, mute }: { event: FeedEvent; mute?: ReactNode }) {
  const actor = event.actor;
  return (
    <li className="feed-item">
      {actor ? <UserAvatar username={actor.username} picture={actor.profile_picture} initial decorative /> : <i className="pi pi-users feed-no-actor" aria-hidden="true" />}
      <div className="feed-body">
        <p className="feed-sentence">
          {actor ? <Link to={profile(actor.username)} className="feed-actor">{actor.username}</Link> : t('Someone')}{' '}
          {sentence(event)}
        </p>
        {event.review?.text && (
          <SpoilerBlock spoiler={event.review.spoiler}>
            <p className="feed-review-text">{event.review.text}</p>
          </SpoilerBlock>
        )}
        <p className="feed-meta">
          <TimeAgo iso={event.at} />
          {event.review && event.movie && (
            <>
              {' · '}
              <Link to={`/movie/${event.movie.id}#review-${event.review.id}`}>{event.review.comment_count === 1 ? t('1 comment') : t('{{n}} comments', { n: event.review.comment_count })}</Link>
            </>
          )}
          {mute}
        </p>
      </div>
    </li>
  );
}
