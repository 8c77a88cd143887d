import { QueryClient } from '@tanstack/react-query';
import { PUBLIC_LISTS_CACHE_MS } from './watchlists';

/**
 * The one cache of server data. Failures are shown at once (the spec's error texts),
 * not retried; data is refetched when a screen mounts or after a change invalidates it,
 * not when the window regains focus.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
  // The spec's 60-second cache of the public lists (the plus button's popup).
  client.setQueryDefaults(['watchlists', 'public', 'all'], { staleTime: PUBLIC_LISTS_CACHE_MS });
  return client;
}
