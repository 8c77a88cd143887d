import type { ClubStats } from '@movieclub/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchClubStats } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { BarChart } from '../../components/charts/BarChart';
import { StatTiles } from '../../components/charts/StatTiles';
import { YearPicker } from '../../components/charts/YearPicker';
import { UserAvatar } from '../../components/UserAvatar';
import { t } from '../../i18n';
import { figure, isPastYear, periodLabel } from '../../lib/statsView';
import { divisiveDetail, lovedDetail, MovieRanking } from './MovieRanking';
import './club.css';

const profileLink = (username: string) => `/user/profile/${encodeURIComponent(username)}`;

function Disagreements({ stats, past }: { stats: ClubStats; past: boolean }) {
  return (
    <section className="club-section">
      <h2>{t('Biggest disagreements')}</h2>
      {stats.disagreements.length === 0 ? (
        <p className="club-empty">{past ? t('No two members rated a film differently this year.') : t('No two members have rated a film differently yet.')}</p>
      ) : (
        <ol className="club-ranking">
          {stats.disagreements.map(({ movie, high, low, gap }) => (
            <li key={`${movie.id}-${high.username}-${low.username}`}>
              <Link to={`/movie/${movie.id}`}>{movie.title}</Link>
              <span className="club-figure">
                <Link to={profileLink(high.username)}>{high.username}</Link> {high.stars} ★ {t('vs')} <Link to={profileLink(low.username)}>{low.username}</Link>{' '}
                {low.stars} ★ {t('({{gap}} apart)', { gap })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /club: where the club agrees and splits, what everyone has seen, its genres and its activity. */
export function ClubPage() {
  const [year, setYear] = useState<number | null>(null);
  const stats = useQuery({
    queryKey: queryKeys.clubStats(year),
    queryFn: ({ signal }) => fetchClubStats(year, signal),
    select: (reply) => reply.stats,
    placeholderData: keepPreviousData,
  });
  if (stats.isLoadingError) return <p role="alert">{t("Could not load the club's statistics. Please try again.")}</p>;
  if (!stats.data) return <p>{t('Loading the club...')}</p>;
  const shown = stats.data;
  // A year that is over: 'yet' would promise what can no longer happen in it.
  const past = isPastYear(year);

  return (
    <div className="club-page">
      <div className="club-head">
        <h2 className="club-title">{year === null ? t('The club, all time') : t('The club in {{year}}', { year })}</h2>
        <span className="club-head-actions">
          <YearPicker years={shown.years} value={year} onChange={setYear} />
          <Link to={`/club/year/${year ?? new Date().getFullYear()}`}>{t('Year in review')}</Link>
        </span>
      </div>
      <StatTiles
        tiles={[
          { label: t('Members'), value: figure(shown.members.length) },
          { label: t('Films'), value: figure(shown.totals.films) },
          { label: t('Hours'), value: figure(shown.totals.hours) },
          { label: t('Viewings'), value: figure(shown.totals.viewings) },
          { label: t('Reviews'), value: figure(shown.totals.reviews) },
        ]}
      />
      <div className="club-columns">
        <MovieRanking heading={t('Most loved')} movies={shown.most_loved} detail={lovedDetail} empty={past ? t('No film had three ratings this year.') : t('No film has three ratings yet.')} />
        <MovieRanking
          heading={t('Most divisive')}
          movies={shown.most_divisive}
          detail={divisiveDetail}
          empty={past ? t('No film had three ratings this year.') : t('No film has three ratings yet.')}
        />
        <Disagreements stats={shown} past={past} />
        <section className="club-section">
          <h2>{t('Seen by everyone')}</h2>
          {shown.seen_by_everyone.length === 0 ? (
            <p className="club-empty">{past ? t('No film was seen by every member this year.') : t('No film has been seen by every member yet.')}</p>
          ) : (
            <ul className="club-ranking">
              {shown.seen_by_everyone.map((movie) => (
                <li key={movie.id}>
                  <Link to={`/movie/${movie.id}`}>{movie.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="chart-grid">
        <BarChart title={t('Genre mix')} unit={t('films')} horizontal bars={shown.genres.map((genre) => ({ label: genre.name, value: genre.count }))} height={280} emptyText={past ? t('Nothing in this year.') : undefined} />
        <BarChart title={year === null ? t('Viewings per year') : t('Viewings per month')} unit={t('viewings')} bars={shown.activity.map((entry) => ({ label: periodLabel(entry.period), value: entry.viewings }))} height={280} emptyText={past ? t('Nothing in this year.') : undefined} />
      </div>
      <section className="club-section">
        <h2>{t('Members')}</h2>
        <ul className="club-members">
          {shown.members.map((member) => (
            <li key={member.username}>
              <Link to={profileLink(member.username)} className="club-member">
                <UserAvatar username={member.username} picture={member.profile_picture} initial decorative />
                <span>{member.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
