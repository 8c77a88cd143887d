import type { MemberYear, RatedMovie, StatsMember } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { StatTiles } from '../../components/charts/StatTiles';
import { UserAvatar } from '../../components/UserAvatar';
import { t } from '../../i18n';
import { figure } from '../../lib/statsView';
import { screeningTime } from '../../lib/screeningTime';
import './year.css';
import { withBase } from '../../lib/basePath';
import { copyText } from '../../lib/clipboard';

type Poster = { id: number; title: string; year: number | null; poster: string | null };

/** One chapter of the story: a heading and what it says; chapters without content are left out by their callers. */
export function Chapter({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="year-chapter">
      <h2>{heading}</h2>
      {children}
    </section>
  );
}

/** Nothing watched or rated that year: the story says so in a sentence rather than in a page of zeros. */
export const quietYear = (totals: MemberYear['totals']) => totals.films === 0 && totals.viewings === 0 && totals.reviews === 0;

export function YearHero({ title }: { title: string }) {
  return (
    <header className="year-hero">
      <p>{t('Year in review')}</p>
      <h2>{title}</h2>
    </header>
  );
}

/** The story of a quiet year: its sentence and the way to the years around it, with no card to share. */
export function QuietYearStory({ title, year, years, hrefFor }: { title: string; year: number; years: number[]; hrefFor(year: number): string }) {
  const past = year < new Date().getFullYear();
  return (
    <article className="year-story">
      <YearHero title={title} />
      <Chapter heading={t('The year in numbers')}>
        <p className="year-empty">{past ? t('Nothing was watched or rated in {{year}}.', { year }) : t('Nothing has been watched or rated in {{year}} yet.', { year })}</p>
      </Chapter>
      <YearSteps year={year} years={years} hrefFor={hrefFor} />
    </article>
  );
}

export function Totals({ totals }: { totals: MemberYear['totals'] }) {
  return (
    <StatTiles
      tiles={[
        { label: t('Films'), value: figure(totals.films) },
        { label: t('Hours'), value: figure(totals.hours) },
        { label: t('Viewings'), value: figure(totals.viewings) },
        { label: t('Reviews'), value: figure(totals.reviews) },
      ]}
    />
  );
}

/** Posters in a row that wraps, each with its title (and a line under it, such as the stars). */
export function PosterRow({ films, caption }: { films: Poster[]; caption(film: Poster, index: number): string }) {
  return (
    <ol className="year-posters">
      {films.map((film, index) => (
        <li key={film.id}>
          <Link to={`/movie/${film.id}`}>
            {film.poster ? <img src={withBase(film.poster)} alt="" width={120} height={180} loading="lazy" /> : <span className="year-no-poster" aria-hidden="true" />}
            <span className="year-poster-title">
              {film.title}
              {film.year !== null && ` (${film.year})`}
            </span>
          </Link>
          <span className="year-poster-caption">{caption(film, index)}</span>
        </li>
      ))}
    </ol>
  );
}

export function Divisive({ entry }: { entry: RatedMovie }) {
  return (
    <p className="year-line">
      <Link to={`/movie/${entry.movie.id}`}>{entry.movie.title}</Link>:{' '}
      {t('{{average}} ★ on average, give or take {{stddev}}, from {{ratings}} ratings.', { average: figure(entry.average), stddev: figure(entry.stddev), ratings: entry.ratings })}
    </p>
  );
}

export function BestNight({ night }: { night: NonNullable<MemberYear['best_night']> }) {
  return (
    <p className="year-line">
      <Link to={`/screening/${night.screening_id}`}>
        {night.watchlist_name}, {screeningTime(night.starts_at)}
      </Link>
      {night.movie ? `: ${night.movie.title}` : ''}{' '}
      {night.attendees === 1 ? t('with 1 member there.') : t('with {{count}} members there.', { count: night.attendees })}
    </p>
  );
}

export function People({ people, detail }: { people: StatsMember[]; detail?(person: StatsMember): string }) {
  return (
    <ul className="year-people">
      {people.map((person) => (
        <li key={person.username}>
          <Link to={`/user/profile/${encodeURIComponent(person.username)}`}>
            <UserAvatar username={person.username} picture={person.profile_picture} initial decorative />
            <span>{person.username}</span>
          </Link>
          {detail && <span className="year-poster-caption">{detail(person)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The chapters both stories tell alike: the film that split the club, the best night, favourite genres (each only when there is one). */
export function SharedChapters({ review, divisiveHeading, children }: { review: Pick<MemberYear, 'most_divisive' | 'best_night' | 'genres'>; divisiveHeading: string; children?: ReactNode }) {
  return (
    <>
      {review.most_divisive && (
        <Chapter heading={divisiveHeading}>
          <Divisive entry={review.most_divisive} />
        </Chapter>
      )}
      {review.best_night && (
        <Chapter heading={t('Best-attended movie night')}>
          <BestNight night={review.best_night} />
        </Chapter>
      )}
      {children}
      {review.genres.length > 0 && (
        <Chapter heading={t('Favourite genres')}>
          <p className="year-line">{review.genres.map((genre) => `${genre.name} (${genre.count})`).join(', ')}</p>
        </Chapter>
      )}
    </>
  );
}

const AddressToCopy = lazy(() => import('../../components/AddressToCopy'));

/** The shareable card: the picture, a download and the page's address to copy. */
export function ShareCard({ image, fileName }: { image: string; fileName: string }) {
  const [copied, setCopied] = useState<'yes' | 'refused' | null>(null);
  const [refusals, setRefusals] = useState(0); // each refused press shows the address anew, selected again
  const copy = async () => {
    if (await copyText(window.location.href)) return setCopied('yes');
    setCopied('refused');
    setRefusals((count) => count + 1);
  };
  return (
    <Chapter heading={t('Share it')}>
      <img className="year-card" src={image} alt={t('The year in review as a picture to share')} width={1200} height={630} loading="lazy" />
      <div className="year-share-actions">
        <a className="p-button p-component year-download" href={image} download={fileName}>
          <i className="pi pi-download" aria-hidden="true" /> {t('Download image')}
        </a>
        <Button type="button" outlined icon="pi pi-link" label={copied === 'yes' ? t('Link copied') : t('Copy link')} onClick={() => void copy()} />
      </div>
      {copied === 'refused' && (
        <Suspense fallback={null}>
          <AddressToCopy key={refusals} label={t('Address of this page')} address={window.location.href} />
        </Suspense>
      )}
    </Chapter>
  );
}

/** The nearest years before and after with something watched or rated, for leafing through; none when there is none. */
export function YearSteps({ year, years, hrefFor }: { year: number; years: number[]; hrefFor(year: number): string }) {
  const thisYear = new Date().getFullYear();
  const earlier = years.filter((other) => other < year);
  const later = years.filter((other) => other > year && other <= thisYear);
  const previous = earlier.length > 0 ? Math.max(...earlier) : null;
  const next = later.length > 0 ? Math.min(...later) : null;
  if (previous === null && next === null) return null;
  return (
    <nav className="year-steps" aria-label={t('Other years')}>
      {previous !== null && <Link to={hrefFor(previous)}>← {previous}</Link>}
      {next !== null && <Link to={hrefFor(next)}>{next} →</Link>}
    </nav>
  );
}
