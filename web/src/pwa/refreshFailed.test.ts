import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import { api } from '../api/client';
import { createQueryClient } from '../api/queryClient';
import { type ServerReply, serveAsPageOrigin } from '../api/testServer';
import { failedRefresh } from './refreshFailed';

/** Each request gets the next reply of the test's script. */
let script: ServerReply[] = [];
let close: () => void;
before(async () => {
  close = await serveAsPageOrigin(() => script.shift() ?? { status: 500, body: { success: false, error: 'No reply left.' } });
});
after(() => close());

const OK = { status: 200, body: { movies: ['Alien'] } };
const failure = (status: number): ServerReply => ({ status, body: { success: false, error: 'Something went wrong on our side.' } });

/** A screen on show that read the movies once with `first`, then read them again with `second`; its cache, and a way to leave the screen. */
async function screenReadTwice(first: ServerReply, second: ServerReply) {
  script = [first, second];
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: ['movies'], queryFn: () => api.get('/api/movies'), refetchOnMount: false });
  const leave = observer.subscribe(() => undefined);
  await observer.refetch();
  await observer.refetch();
  const failed = () => client.getQueryCache().findAll({ predicate: failedRefresh }).length > 0;
  return { failed, leave };
}

describe('a screen whose data could not be refreshed', () => {
  for (const status of [500, 503, 429]) {
    it(`counts when the server answers the second read with ${status}, until the screen is left`, async () => {
      const screen = await screenReadTwice(OK, failure(status));
      assert.equal(screen.failed(), true);
      screen.leave();
      assert.equal(screen.failed(), false, 'a screen no longer on show does not count');
    });
  }

  for (const status of [401, 403, 404]) {
    it(`does not count a read the server refused (${status}): trying again would not help`, async () => {
      const screen = await screenReadTwice(OK, failure(status));
      assert.equal(screen.failed(), false);
      screen.leave();
    });
  }

  it('does not count a first read that failed: the screen says so itself', async () => {
    const screen = await screenReadTwice(failure(500), failure(500));
    assert.equal(screen.failed(), false);
    screen.leave();
  });

  it('stops counting once a read works again', async () => {
    script = [OK, failure(500), OK];
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ['movies'], queryFn: () => api.get('/api/movies'), refetchOnMount: false });
    const leave = observer.subscribe(() => undefined);
    await observer.refetch();
    await observer.refetch();
    assert.equal(client.getQueryCache().findAll({ predicate: failedRefresh }).length, 1);
    await client.refetchQueries({ predicate: failedRefresh });
    assert.equal(client.getQueryCache().findAll({ predicate: failedRefresh }).length, 0);
    leave();
  });

  it('does not count a next page that failed: its list says so', async () => {
    script = [{ status: 200, body: { events: [1, 2], next: 'b' } }, failure(500)];
    const client = createQueryClient();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['feed'],
      queryFn: ({ pageParam }) => api.get<{ next: string | null }>(`/api/feed?before=${pageParam}`),
      initialPageParam: 'a',
      getNextPageParam: (page) => page.next,
      refetchOnMount: false,
    });
    const leave = observer.subscribe(() => undefined);
    await observer.refetch();
    const result = await observer.fetchNextPage();
    assert.equal(result.isFetchNextPageError, true);
    assert.equal(client.getQueryCache().findAll({ predicate: failedRefresh }).length, 0);
    leave();
  });
});
