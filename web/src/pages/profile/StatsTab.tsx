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
import { calendarDay, figure, filmBars, hourBars, ratingBars } from '../../lib/statsView';

function Totals({ stats }: { stats: MemberStats }) {
  const streak = stats.longest_streak;
  return (
    <StatTiles
      tiles={[
        { label: 'Films', value: figure(stats.totals.films) },
        { label: 'Hours', value: figure(stats.totals.hours) },
        { label: 'Viewings', value: figure(stats.totals.viewings) },
        { label: 'Rewatches', value: figure(stats.totals.rewatches) },
        { label: 'Reviews', value: figure(stats.totals.reviews) },
        { label: 'Average stars', value: figure(stats.average_stars) },
        { label: 'Average pain level', value: figure(stats.pain_level_average) },
        { label: 'Smoke alarms', value: figure(stats.smoke_alarms_total) },
        { label: 'Longest streak', value: streak ? (streak.days === 1 ? '1 day' : `${streak.days} days`) : '–' },
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
  if (stats.isError) return <p role="alert">Could not load the statistics. Please try again.</p>;
  if (!stats.data) return <p>Loading statistics...</p>;
  const shown = stats.data;
  const streak = shown.longest_streak;
  const periodWord = year === null ? 'year' : 'month';

  return (
    <div className="member-stats">
      <div className="member-stats-head">
        <YearPicker years={shown.years} value={year} onChange={setYear} />
        <span className="member-stats-links">
          <Link to={`/user/profile/${encodeURIComponent(username)}/year/${year ?? new Date().getFullYear()}`}>Year in review</Link>
          <Link to="/club">The whole club's statistics</Link>
        </span>
      </div>
      <Totals stats={shown} />
      {streak && (
        <p className="member-stats-note">
          Longest streak: {streak.days === 1 ? '1 day' : `${streak.days} days in a row`}, {calendarDay(streak.from)}
          {streak.days > 1 && ` to ${calendarDay(streak.to)}`}. Average smoke alarms per review: {figure(shown.smoke_alarms_average)}.
        </p>
      )}
      <div className="chart-grid">
        <BarChart title={`Films per ${periodWord}`} unit="films" bars={filmBars(shown.activity)} />
        <BarChart title={`Hours per ${periodWord}`} unit="hours" bars={hourBars(shown.activity)} />
        <BarChart title="Ratings" unit="reviews" bars={ratingBars(shown.ratings)} />
        <BarChart title="TTM grades" unit="reviews" bars={shown.ttm_grades.map((grade) => ({ label: grade.name, value: grade.count }))} />
        <BarChart title="Top genres" unit="films" horizontal bars={shown.genres.map((genre) => ({ label: genre.name, value: genre.count }))} />
        <BarChart title="Decades" unit="films" bars={shown.decades.map((entry) => ({ label: `${entry.decade}s`, value: entry.count }))} />
      </div>
      <section className="member-stats-with" aria-labelledby="watched-with-heading">
        <h3 id="watched-with-heading">Most watched with</h3>
        {shown.watched_with.length === 0 ? (
          <p className="member-stats-note">Nobody yet.</p>
        ) : (
          <ol>
            {shown.watched_with.map((member) => (
              <li key={member.username}>
                <Link to={`/user/profile/${encodeURIComponent(member.username)}`} className="member-stats-person">
                  <UserAvatar username={member.username} picture={member.profile_picture} initial />
                  <span>{member.username}</span>
                </Link>
                <span className="member-stats-count">{member.count === 1 ? '1 viewing' : `${member.count} viewings`}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
