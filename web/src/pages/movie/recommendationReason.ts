import type { RecommendationItem, RecommendationReason } from '@movieclub/contract';
import { formatLocale, t } from '../../i18n';

/** 'Horror', 'Horror and Comedy', 'Horror, Comedy and Drama' in the reader's language (genres are IMDb's names). */
function genreList(genres: string[]): string {
  const locale = formatLocale();
  // English as the server writes it (no comma before 'and'); other languages as Intl joins them.
  if (locale.startsWith('en')) return genres.length <= 1 ? genres.join('') : `${genres.slice(0, -1).join(', ')} and ${genres[genres.length - 1]}`;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(genres);
}

/** A reason worded in the reader's language: 'Also Horror and Comedy, 1987', 'Ebenfalls Horror und Komödie, 1987'. */
export function reasonText(reason: RecommendationReason): string {
  const { kind } = reason;
  // A year is a name, not an amount: never grouped ('1987', not '1.987').
  const year = reason.year === null ? null : String(reason.year);
  const genres = genreList(reason.genres);
  if (kind === 'also') return year === null ? t('Also {{genres}}', { genres }) : t('Also {{genres}}, {{year}}', { genres, year });
  if (kind === 'rated_alike') return year === null ? t('Rated alike by reviewers here') : t('Rated alike by reviewers here, {{year}}', { year });
  if (kind === 'genres') return year === null ? genres : `${genres}, ${year}`;
  return year === null ? t('Similar in style') : t('From {{year}}', { year });
}

/** What a recommendation's line says: a review's words as written, a reason in the reader's language. */
export const recommendationLine = (item: Pick<RecommendationItem, 'review' | 'reason'>) => (item.reason ? reasonText(item.reason) : item.review);
