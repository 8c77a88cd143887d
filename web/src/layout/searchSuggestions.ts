import type { ImdbSearchResult } from '@movieclub/contract';
import { SEARCH_LIMIT_DEFAULT, SEARCH_MIN_CHARS } from '@movieclub/contract';

export interface Suggestion {
  tconst: string;
  /** 'Title (year)', or the title alone when the year is unknown. */
  label: string;
}

/** The query to send, or null when it is too short (blank, or under the minimum once trimmed). */
export function searchableQuery(text: string): string | null {
  const trimmed = text.trim();
  return [...trimmed].length >= SEARCH_MIN_CHARS ? trimmed : null;
}

/** At most eight suggestions, labelled 'Title (year)'. */
export function toSuggestions(results: ImdbSearchResult[]): Suggestion[] {
  return results.slice(0, SEARCH_LIMIT_DEFAULT).map((result) => ({
    tconst: result.tconst,
    label: result.start_year ? `${result.primary_title} (${result.start_year})` : result.primary_title,
  }));
}
