import type { ProfileRecentReview } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { genresText, localDate, starsText, titleWithYear } from './profileView';
import { withBase } from '../../lib/basePath';

/** The member's newest reviews, each opening its movie. */
export function RecentReviewList({ reviews }: { reviews: ProfileRecentReview[] }) {
  return (
    <Card title={t('Recent Reviews')} className="profile-recent">
      {reviews.length === 0 ? (
        <p className="profile-no-reviews">{t('No reviews yet.')}</p>
      ) : (
        <ul className="profile-review-list">
          {reviews.map((review) => (
            <li key={review.movie_id}>
              <Link to={`/movie/${review.movie_id}`} className="profile-review">
                {review.poster ? (
                  <img src={withBase(review.poster)} alt="" className="profile-review-poster" loading="lazy" />
                ) : (
                  <div className="profile-review-poster profile-review-no-image">{t('No Image')}</div>
                )}
                <div className="profile-review-body">
                  <div className="profile-review-title">{titleWithYear(review.title, review.year)}</div>
                  <div className="profile-review-genres">{genresText(review.genres)}</div>
                </div>
                <div className="profile-review-meta">
                  <div className="profile-review-stars">{starsText(review.user_stars)}</div>
                  <div className="profile-review-date">{localDate(review.created_at)}</div>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
