import { FEED_PAGE_SIZE } from '@movieclub/contract';
import { FeedList } from '../../components/feed/FeedList';
import { useSession } from '../../session/SessionProvider';
import './feed-page.css';

/** /feed: everything the club did, newest first, with older events on demand. */
export function FeedPage() {
  const { user } = useSession();
  return (
    <div className="feed-page">
      <FeedList pageSize={FEED_PAGE_SIZE} me={user?.username ?? null} paged />
    </div>
  );
}
