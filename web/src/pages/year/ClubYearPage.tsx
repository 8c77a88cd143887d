import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { errorText } from '../../api/client';
import { fetchClubYear, yearCardUrl } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';
import { figure } from '../../lib/statsView';
import { Chapter, People, PosterRow, QuietYearStory, quietYear, ShareCard, SharedChapters, Totals, YearHero, YearSteps } from './YearStory';

/** /club/year/{YYYY}: the club's year as a story, with a card to share. */
export function ClubYearPage() {
  const text = useParams().year;
  const year = text && /^\d{4}$/.test(text) ? Number(text) : null;
  const review = useQuery({
    queryKey: queryKeys.clubYear(year ?? 0),
    queryFn: ({ signal }) => fetchClubYear(year!, signal),
    enabled: year !== null,
    select: (reply) => reply.review,
  });
  if (year === null) return <p role="alert">{t('That is not a year.')}</p>;
  if (review.isLoadingError) return <p role="alert">{errorText(review.error, t('Could not load the year. Please try again.'))}</p>;
  if (!review.data) return <p>{t('Loading the year...')}</p>;
  const shown = review.data;
  const hrefFor = (other: number) => `/club/year/${other}`;
  const title = t('The club’s {{year}}', { year });
  if (quietYear(shown.totals) && shown.new_members.length === 0) return <QuietYearStory title={title} year={year} years={shown.years} hrefFor={hrefFor} />;

  return (
    <article className="year-story">
      <YearHero title={title} />
      <Chapter heading={t('The year in numbers')}>
        <Totals totals={shown.totals} />
        <p className="year-line year-members">
          {membersLine(shown.members, shown.totals)}
        </p>
      </Chapter>
      <Chapter heading={t('Most loved')}>
        {shown.top_films.length === 0 ? (
          <p className="year-empty">{t('No film had three ratings this year.')}</p>
        ) : (
          <PosterRow films={shown.top_films.map((entry) => entry.movie)} caption={(_film, index) => t('{{average}} ★ from {{ratings}}', { average: figure(shown.top_films[index].average), ratings: shown.top_films[index].ratings })} />
        )}
      </Chapter>
      <SharedChapters review={shown} divisiveHeading={t('Most divisive')}>
        <Chapter heading={t('New members')}>
          {shown.new_members.length === 0 ? <p className="year-empty">{t('Nobody joined this year.')}</p> : <People people={shown.new_members} />}
        </Chapter>
      </SharedChapters>
      <ShareCard image={yearCardUrl(year)} fileName={`club-${year}.png`} />
      <YearSteps year={year} years={shown.years} hrefFor={hrefFor} />
    </article>
  );
}

/** Who took part, saying only what they did: a year of viewings and no reviews was not 'rated'. */
function membersLine(members: number, totals: { viewings: number; reviews: number }): string {
  if (totals.reviews === 0) return members === 1 ? t('1 member watched.') : t('{{count}} members watched together.', { count: members });
  if (totals.viewings === 0) return members === 1 ? t('1 member rated.') : t('{{count}} members rated together.', { count: members });
  return members === 1 ? t('1 member watched and rated.') : t('{{count}} members watched and rated together.', { count: members });
}
