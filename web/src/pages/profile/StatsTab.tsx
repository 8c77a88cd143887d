import type { MemberStats } from '@movieclub/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchMemberStats } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { BarChart } from '../../components/charts/BarChart';
import { StatTiles } from '../../components/charts/StatTiles';
import { YearPicker } from '../../components/charts/YearPicker';
import { UserAvatar } from '../../components/UserAvatar';
import { t } from '../../i18n';
import { calendarDay, figure, filmBars, hourBars, isPastYear, ratingBars } from '../../lib/statsView';

function Totals({ stats }: { stats: MemberStats }) {
  const streak = stats.longest_streak;
  return (
    <StatTiles
      tiles={[
        { label: t('Films'), value: figure(stats.totals.films) },
        { label: t('Hours'), value: figure(stats.totals.hours) },
        { label: t('Viewings'), value: figure(stats.totals.viewings) },
        { label: t('Rewatches'), value: figure(stats.totals.rewatches) },
        { label: t('Reviews'), value: figure(stats.totals.reviews) },
        { label: t('Average stars'), value: figure(stats.average_stars) },
        { label: t('Average pain level'), value: figure(stats.pain_level_average) },
        { label: t('Smoke alarms'), value: figure(stats.smoke_alarms_total) },
        { label: t('Longest streak'), value: streak ? (streak.days === 1 ? t('1 day') : t('{{days}} days', { days: streak.days })) : '–' },
      ]}
    />
  );
}

/** The profile's 'Stats' tab: films and hours by period, ratings, grades, genres, decades, who they watch with, the club's own fields. */
export default function StatsTab({ username }: { username: string }) {
  const [year, setYear] = useState<number | null>(null);
  const stats = useQuery({
    queryKey: queryKeys.memberStats(username, year),
    queryFn: ({ signal }) => fetchMemberStats(username, year, signal),
    select: (reply) => reply.stats,
    placeholderData: keepPreviousData,
  });
  if (stats.isLoadingError) return <p role="alert">{t('Could not load the statistics. Please try again.')}</p>;
  if (!stats.data) return <p>{t('Loading statistics...')}</p>;
  const shown = stats.data;
  const quiet = isPastYear(year) ? t('Nothing in this year.') : undefined;
  const streak = shown.longest_streak;

  return (
    <div className="member-stats">
      <div className="member-stats-head">
        <YearPicker years={shown.years} value={year} onChange={setYear} />
        <span className="member-stats-links">
          <Link to={`/user/profile/${encodeURIComponent(username)}/year/${year ?? new Date().getFullYear()}`}>{t('Year in review')}</Link>
          <Link to="/club">{t("The whole club's statistics")}</Link>
        </span>
      </div>
      <Totals stats={shown} />
      {streak && (
        <p className="member-stats-note">
          {streak.days > 1
            ? t('Longest streak: {{days}} days in a row, {{from}} to {{to}}.', { days: streak.days, from: calendarDay(streak.from), to: calendarDay(streak.to) })
            : t('Longest streak: 1 day, {{from}}.', { from: calendarDay(streak.from) })}{' '}
          {t('Average smoke alarms per review: {{average}}.', { average: figure(shown.smoke_alarms_average) })}
        </p>
      )}
      <div className="chart-grid">
        <BarChart title={year === null ? t('Films per year') : t('Films per month')} unit={t('films')} bars={filmBars(shown.activity)} emptyText={quiet} />
        <BarChart title={year === null ? t('Hours per year') : t('Hours per month')} unit={t('hours')} bars={hourBars(shown.activity)} emptyText={quiet} />
        <BarChart title={t('Ratings')} unit={t('reviews')} bars={ratingBars(shown.ratings)} emptyText={quiet} />
        <BarChart title={t('TTM grades')} unit={t('reviews')} bars={shown.ttm_grades.map((grade) => ({ label: grade.name, value: grade.count }))} emptyText={quiet} />
        <BarChart title={t('Top genres')} unit={t('films')} horizontal bars={shown.genres.map((genre) => ({ label: genre.name, value: genre.count }))} emptyText={quiet} />
        <BarChart title={t('Decades')} unit={t('films')} bars={shown.decades.map((entry) => ({ label: t('{{decade}}s', { decade: entry.decade }), value: entry.count }))} emptyText={quiet} />
      </div>
      <section className="member-stats-with" aria-labelledby="watched-with-heading">
        <h4 id="watched-with-heading">{t('Most watched with')}</h4>
        {shown.watched_with.length === 0 ? (
          <p className="member-stats-note">{t('Nobody yet.')}</p>
        ) : (
          <ol>
            {shown.watched_with.map((member) => (
              <li key={member.username}>
                <Link to={`/user/profile/${encodeURIComponent(member.username)}`} className="member-stats-person">
                  <UserAvatar username={member.username} picture={member.profile_picture} initial decorative />
                  <span>{member.username}</span>
                </Link>
                <span className="member-stats-count">{member.count === 1 ? t('1 viewing') : t('{{n}} viewings', { n: member.count })}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
