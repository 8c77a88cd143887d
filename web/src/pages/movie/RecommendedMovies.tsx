import type { RecommendationItem } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMutation } from '@tanstack/react-query';
import { Carousel, type CarouselResponsiveOption } from 'primereact/carousel';
import { useDeferredValue, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ensureMovie } from '../../api/catalogue';
import { useCarouselHiddenSlides } from '../../components/a11y';
import { recommendationLine } from './recommendationReason';
import { useRecommendations } from './useMoviePageData';
import { withBase } from '../../lib/basePath';
import { t } from '../../i18n';

const RESPONSIVE: CarouselResponsiveOption[] = [
  { breakpoint: '1400px', numVisible: 4, numScroll: 3 },
  { breakpoint: '1100px', numVisible: 3, numScroll: 3 },
  { breakpoint: '768px', numVisible: 2, numScroll: 2 },
  { breakpoint: '560px', numVisible: 1, numScroll: 1 },
];

/** The 'Recommended Movies' carousel for the movie with this tt-number. */
export function RecommendedMovies({ tconst }: { tconst: string | null }) {
  // The carousel renders in the background, yielding to the browser (see HomePage).
  const items = useDeferredValue(useRecommendations(tconst));
  const slides = useRef<HTMLDivElement>(null);
  useCarouselHiddenSlides(slides, items !== null && items.length > 0);
  return (
    <Card title={t('Recommended Movies')} className={items === null ? 'movie-recommendations movie-recommendations-loading' : 'movie-recommendations'}>
      {items === null ? (
        <p className="movie-muted">{t('Loading recommendations...')}</p>
      ) : items.length === 0 ? (
        <p className="movie-muted">{t('No recommendations available.')}</p>
      ) : (
        <div ref={slides}>
          <Carousel
            value={items}
            numVisible={5}
            numScroll={3}
            responsiveOptions={RESPONSIVE}
            itemTemplate={(item: RecommendationItem) => <RecommendationCard item={item} />}
          />
        </div>
      )}
    </Card>
  );
}

function RecommendationCard({ item }: { item: RecommendationItem }) {
  return (
    <div className="recommendation" data-imdb-id={item.imdb_id}>
      {item.poster ? (
        <img className="recommendation-poster" src={withBase(item.poster)} alt={t('Poster of {{title}}', { title: item.title })} loading="lazy" />
      ) : (
        <div className="recommendation-poster movie-poster-empty" aria-hidden="true">
          <i className="pi pi-image" />
        </div>
      )}
      <div className="recommendation-title" title={item.title} data-slide-label="">
        {item.title}
      </div>
      {/* Always there, empty or not: every slide, and so the carousel, has one height. */}
      <p className="recommendation-review">{recommendationLine(item)}</p>
      <ViewLink item={item} />
    </div>
  );
}

/** Every slide's button says 'View'; a screen reader's list of links and buttons needs to tell them apart. */
const viewName = (title: string) => t('View {{title}}', { title });

/** A catalogue movie opens directly; an index-only title is added to the catalogue first. */
function ViewLink({ item }: { item: RecommendationItem }) {
  const navigate = useNavigate();
  const ensure = useMutation({
    mutationFn: ensureMovie,
    onSuccess: (reply) => navigate(`/movie/${reply.movie.id}`),
    // The spec swallows ensure failures.
    onError: () => undefined,
  });
  if (item.movie_id) {
    return (
      <Link to={`/movie/${item.movie_id}`} className="recommendation-view p-button p-button-sm p-button-outlined" aria-label={viewName(item.title)}>
        {t('View')}
      </Link>
    );
  }
  if (!item.imdb_id) return null;
  const busy = ensure.isPending || ensure.isSuccess;
  return <Button label={t('View')} aria-label={viewName(item.title)} size="small" outlined className="recommendation-view" onClick={() => ensure.mutate(item.imdb_id)} disabled={busy} />;
}
