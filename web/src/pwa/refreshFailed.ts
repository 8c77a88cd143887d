import type { Query, QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/client';

/**
 * A screen's data whose last read again failed on the server's side (5xx, or 429 busy): the
 * screen keeps showing what it loaded before. A next page that failed says so in its own list,
 * a failure to reach the server is the offline notice's, and a refused read (4xx) would fail
 * again, so none of those count.
 */
export const failedRefresh = (query: Query): boolean => {
  const { data, status, error, fetchMeta } = query.state;
  return (
    data !== undefined &&
    status === 'error' &&
    !fetchMeta?.fetchMore &&
    error instanceof ApiError &&
    (error.status >= 500 || error.status === 429) &&
    query.isActive()
  );
};

/** Whether any screen on show failed to refresh (see failedRefresh), kept up to date with the cache. */
export function useRefreshFailed(client: QueryClient): boolean {
  const cache = client.getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => cache.findAll({ predicate: failedRefresh }).length > 0,
  );
}
