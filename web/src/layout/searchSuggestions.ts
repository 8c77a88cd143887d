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

/**
 * Runs one request at a time: starting a new one aborts the previous, and a
 * reply that arrives after a newer request started is dropped (resolves null).
 */
export function latestOnly<T>(run: (signal: AbortSignal) => Promise<T>) {
  let current: AbortController | null = null;
  return async function start(): Promise<T | null> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    try {
      const value = await run(controller.signal);
      return current === controller ? value : null;
    } catch (error) {
      if (current !== controller) return null;
      throw error;
    }
  };
}
