import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { queryKeys } from './queryKeys';
import { PUBLIC_LISTS_CACHE_MS } from './watchlists';

/** Tries after the first when the server says it is briefly unable to answer. */
export const UNAVAILABLE_RETRIES = 2;
/** The longest wait between them, whatever Retry-After says. */
const LONGEST_RETRY_WAIT_MS = 10_000;

/**
 * The wait before reading again, for a read the server refused as briefly unable to answer
 * (503 `unavailable` with Retry-After: its database restarting, or busy with an import); null
 * for every other failure.
 */
function unavailableRetryWait(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503 || error.code !== 'unavailable' || error.retryAfterMs === null) return null;
  return Math.min(error.retryAfterMs, LONGEST_RETRY_WAIT_MS);
}

/**
 * The one cache of server data. Failures are shown at once (the spec's error texts), except
 * a read the server asked to try again shortly (unavailableRetryWait), tried twice more while
 * the screen keeps loading; changes are never sent twice. Data is refetched when a screen
 * mounts or after a change invalidates it, not when the window regains focus. Every change a
 * member makes may be an event of the club's feed, so a feed on screen reads again after each.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.feed }) }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < UNAVAILABLE_RETRIES && unavailableRetryWait(error) !== null,
        retryDelay: (_failures, error) => unavailableRetryWait(error) ?? 0,
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
  // The spec's 60-second cache of the public lists (the plus button's popup).
  client.setQueryDefaults(['watchlists', 'public', 'all'], { staleTime: PUBLIC_LISTS_CACHE_MS });
  return client;
}
