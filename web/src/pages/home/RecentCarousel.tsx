import { Carousel, type CarouselResponsiveOption } from 'primereact/carousel';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCarouselHiddenSlides } from '../../components/a11y';
import { MovieActions } from '../../components/MovieActions';
import { NoPoster } from '../../components/MovieCard';
import type { HomeMovie } from './useHomeMovies';
import { withBase } from '../../lib/basePath';
import { t } from '../../i18n';

const AUTOPLAY_MS = 5000;
// PrimeReact applies each option at and below its width; 6 (WIDEST_VISIBLE) are shown above 1600px.
const RESPONSIVE: CarouselResponsiveOption[] = [
  { breakpoint: '1600px', numVisible: 5, numScroll: 1 },
  { breakpoint: '1200px', numVisible: 4, numScroll: 1 },
  { breakpoint: '992px', numVisible: 3, numScroll: 1 },
  { breakpoint: '768px', numVisible: 2, numScroll: 1 },
  { breakpoint: '576px', numVisible: 1, numScroll: 1 },
];

const WIDEST_VISIBLE = 6;

/**
 * How many slides PrimeReact will show at this window width. A circular
 * Carousel mounted with another numVisible than its responsive one starts one
 * slide off in its own bookkeeping (the wrong slides are marked aria-hidden
 * until the first move), so it starts with the right count.
 */
function visibleAt(width: number): number {
  let visible = WIDEST_VISIBLE;
  for (const option of RESPONSIVE) if (parseInt(option.breakpoint, 10) >= width) visible = option.numVisible;
  return visible;
}

function CarouselItem(movie: HomeMovie) {
  return (
    <div className="recent-item" data-movie-id={movie.id}>
      <Link to={`/movie/${movie.id}`} className="recent-item-poster" tabIndex={-1} aria-hidden="true">
        {movie.poster ? <img src={withBase(movie.poster)} alt="" /> : <NoPoster className="recent-item-no-poster" />}
      </Link>
      <div className="recent-item-footer">
        <Link to={`/movie/${movie.id}`} className="recent-item-title" title={movie.title} data-slide-label="">
          {movie.title}
        </Link>
        <MovieActions movie={movie} />
      </div>
    </div>
  );
}

/**
 * 'Recently Added Movies': circular, autoplaying every 5 s until the user
 * touches, clicks or uses a key on it. PrimeReact's Carousel itself provides the
 * 20 px swipe threshold and the 500 ms slide transition.
 */
export function RecentCarousel({ movies }: { movies: HomeMovie[] }) {
  const [autoplay, setAutoplay] = useState(true);
  const [numVisible] = useState(() => visibleAt(window.innerWidth));
  const section = useRef<HTMLElement>(null);
  useCarouselHiddenSlides(section, movies.length > 0);
  const stop = () => setAutoplay(false);
  if (movies.length === 0) return null;
  return (
    <section ref={section} className="recent-carousel" onPointerDown={stop} onTouchStart={stop} onKeyDown={stop} onWheel={stop}>
      <h2>{t('Recently Added Movies')}</h2>
      <Carousel
        value={movies}
        itemTemplate={CarouselItem}
        numVisible={numVisible}
        numScroll={1}
        responsiveOptions={RESPONSIVE}
        circular
        autoplayInterval={autoplay ? AUTOPLAY_MS : 0}
        showIndicators={false}
      />
    </section>
  );
}
