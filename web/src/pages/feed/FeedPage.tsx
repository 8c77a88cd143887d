import { FEED_PAGE_SIZE } from '@movieclub/contract';
import { feedAtomUrl } from '../../api/feed';
import { FeedList } from '../../components/feed/FeedList';
import { t } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import './feed-page.css';

/** /feed: everything the club did, newest first, with older events on demand. */
export function FeedPage() {
  const { user } = useSession();
  return (
    <div className="feed-page">
      <p className="feed-subscribe">
        <a href={feedAtomUrl()} type="application/atom+xml">
          <i className="pi pi-wifi" aria-hidden="true" /> {t('Follow the club in a feed reader')}
        </a>
      </p>
      <FeedList pageSize={FEED_PAGE_SIZE} me={user?.username ?? null} paged />
    </div>
  );
}
