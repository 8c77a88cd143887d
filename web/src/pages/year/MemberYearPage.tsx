import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { errorText } from '../../api/client';
import { fetchMemberYear, yearCardUrl } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';
import { Chapter, People, PosterRow, QuietYearStory, quietYear, ShareCard, SharedChapters, Totals, YearHero, YearSteps } from './YearStory';

/** '1 viewing', '3 viewings': how often they watched with that member. */
function viewingsWith(people: { username: string; count: number }[], username: string): string {
  const count = people.find((person) => person.username === username)?.count ?? 0;
  return count === 1 ? t('1 viewing') : t('{{count}} viewings', { count });
}

const yearFrom = (text: string | undefined) => (text && /^\d{4}$/.test(text) ? Number(text) : null);

/** /user/profile/{username}/year/{YYYY}: a member's year as a story, with a card to share. */
export function MemberYearPage() {
  const params = useParams();
  const username = params.username ?? '';
  const year = yearFrom(params.year);
  const review = useQuery({
    queryKey: queryKeys.memberYear(username, year ?? 0),
    queryFn: ({ signal }) => fetchMemberYear(username, year!, signal),
    enabled: year !== null,
    select: (reply) => reply.review,
  });
  if (year === null) return <p role="alert">{t('That is not a year.')}</p>;
  if (review.isLoadingError) return <p role="alert">{errorText(review.error, t('Could not load the year. Please try again.'))}</p>;
  if (!review.data) return <p>{t('Loading the year...')}</p>;
  const shown = review.data;
  const hrefFor = (other: number) => `/user/profile/${encodeURIComponent(shown.username)}/year/${other}`;
  const title = t('{{username}}’s {{year}} in film', { username: shown.username, year });
  if (quietYear(shown.totals)) return <QuietYearStory title={title} year={year} years={shown.years} hrefFor={hrefFor} />;

  return (
    <article className="year-story">
      <YearHero title={title} />
      <Chapter heading={t('The year in numbers')}>
        <Totals totals={shown.totals} />
      </Chapter>
      <Chapter heading={t('Top films')}>
        {shown.top_films.length === 0 ? (
          <p className="year-empty">{t('No reviews this year.')}</p>
        ) : (
          <PosterRow films={shown.top_films} caption={(_film, index) => `${shown.top_films[index].stars} ★`} />
        )}
      </Chapter>
      <SharedChapters review={shown} divisiveHeading={t('The one that split the club')}>
        {shown.watched_with.length > 0 && (
          <Chapter heading={t('Watched with')}>
            <People people={shown.watched_with} detail={(person) => viewingsWith(shown.watched_with, person.username)} />
          </Chapter>
        )}
      </SharedChapters>
      <ShareCard image={yearCardUrl(year, shown.username)} fileName={`${shown.username}-${year}.png`} />
      <YearSteps year={year} years={shown.years} hrefFor={hrefFor} />
    </article>
  );
}
