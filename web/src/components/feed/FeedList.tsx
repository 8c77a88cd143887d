import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { fetchFeed, fetchMutes, setMuted } from '../../api/feed';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';
import { useCursorPages } from '../../lib/useCursorPages';
import { NextPageFailed, useNextPage } from '../OlderPagesButton';
import { FeedItem } from './FeedItem';
import './feed.css';

interface FeedListProps {
  pageSize: number;
  /** Members may mute others; their muted list is shown to undo it. */
  me: string | null;
  /** Whether 'Older events' loads more (the full page) or the list stays one page (home). */
  paged: boolean;
}

/** Others' events show within this while a feed is on screen (the member's own at once: queryClient). */
const FEED_REFRESH_MS = 60_000;

/** The club's events, newest first; on the full page, older ones on demand and mutes. */
export function FeedList({ pageSize, me, paged }: FeedListProps) {
  const queryClient = useQueryClient();
  const feed = useCursorPages({
    queryKey: queryKeys.feedPage(pageSize),
    fetchPage: (before: string | undefined, signal) => fetchFeed(before, pageSize, signal),
    nextCursor: (page) => page.next_before,
    refetchInterval: FEED_REFRESH_MS,
  });
  const list = useRef<HTMLOListElement>(null);
  const nextPage = useNextPage(feed, list);
  const mutes = useQuery({ queryKey: queryKeys.mutes, queryFn: ({ signal }) => fetchMutes(signal), enabled: paged && me !== null });
  const mute = useMutation({
    mutationFn: ({ username, muted }: { username: string; muted: boolean }) => setMuted(username, muted),
    onSuccess: (reply) => {
      queryClient.setQueryData(queryKeys.mutes, reply);
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
    },
  });
  if (feed.isLoadingError) return <p role="alert">{t('Could not load the feed. Please try again.')}</p>;
  if (!feed.data) return <p>{t('Loading the feed...')}</p>;
  const events = feed.data.pages.flatMap((page) => page.events);
  const muted = mutes.data?.muted ?? [];

  return (
    <div className="feed">
      {events.length === 0 ? (
        <p className="feed-empty">{t('Nothing has happened yet.')}</p>
      ) : (
        <ol className="feed-list" ref={list}>
          {events.map((event) => (
            <FeedItem
              key={event.cursor}
              event={event}
              mute={
                paged && me && event.actor && event.actor.username.toLowerCase() !== me.toLowerCase() ? (
                  <>
                    {' · '}
                    <button type="button" className="feed-mute" onClick={() => mute.mutate({ username: event.actor!.username, muted: true })}>
                      {t('Mute {{name}}', { name: event.actor.username })}
                    </button>
                  </>
                ) : null
              }
            />
          ))}
        </ol>
      )}
      {paged && <NextPageFailed pages={feed} />}
      {/* Not disabled while it loads: that would throw the keyboard's focus out of the feed. */}
      {paged && feed.hasNextPage && <Button type="button" outlined label={feed.isFetchingNextPage ? t('Loading...') : t('Older events')} aria-busy={feed.isFetchingNextPage} onClick={nextPage} />}
      {paged && muted.length > 0 && (
        <section className="feed-muted" aria-labelledby="feed-muted-heading">
          <h2 id="feed-muted-heading">{t('Muted')}</h2>
          <ul>
            {muted.map((member) => (
              <li key={member.username}>
                {member.username}{' '}
                <button type="button" className="feed-mute" onClick={() => mute.mutate({ username: member.username, muted: false })}>
                  {t('Unmute')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
