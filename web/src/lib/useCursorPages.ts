import { type InfiniteData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

interface CursorPagesOptions<Page, Cursor> {
  queryKey: QueryKey;
  /** One page: the first when `cursor` is undefined. */
  fetchPage(cursor: Cursor | undefined, signal: AbortSignal): Promise<Page>;
  /** The reply's cursor for the page after it (`next_before`, `next_after`); null on the last page. */
  nextCursor(page: Page): Cursor | null;
  enabled?: boolean;
  refetchInterval?: number;
}

/** A list the API pages with a cursor, read a page at a time: `fetchNextPage` and `hasNextPage` as TanStack Query gives them. */
export function useCursorPages<Page, Cursor>({ queryKey, fetchPage, nextCursor, enabled, refetchInterval }: CursorPagesOptions<Page, Cursor>) {
  return useInfiniteQuery<Page, Error, InfiniteData<Page>, QueryKey, Cursor | undefined>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam as Cursor | undefined, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => nextCursor(last) ?? undefined,
    enabled,
    refetchInterval,
  });
}
