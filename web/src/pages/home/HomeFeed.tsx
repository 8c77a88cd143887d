import { Link } from 'react-router-dom';
import { FeedList } from '../../components/feed/FeedList';
import { t } from '../../i18n';

const SHOWN = 8;

/** 'Club activity' on home, for members: the newest events and a link to the rest. */
export default function HomeFeed({ me }: { me: string }) {
  return (
    <section className="home-feed" aria-labelledby="home-feed-heading">
      <div className="home-screenings-head">
        <h2 id="home-feed-heading">{t('Club activity')}</h2>
        <Link to="/feed">{t('All activity')}</Link>
      </div>
      <FeedList pageSize={SHOWN} me={me} paged={false} />
    </section>
  );
}
