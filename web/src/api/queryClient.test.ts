import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { api, ApiError } from './client';
import { createQueryClient, UNAVAILABLE_RETRIES } from './queryClient';
import { type ServerReply, serveAsPageOrigin } from './testServer';

/** Each request gets the next reply of the test's script, worded as the app's server words them. */
let script: ServerReply[] = [];
const asked: number[] = [];
let close: () => void;

const DATABASE_AWAY = { success: false, error: 'The database is not answering. Try again in a moment.', code: 'unavailable' };

before(async () => {
  close = await serveAsPageOrigin(() => {
    asked.push(performance.now());
    return script.shift() ?? { status: 500, body: { success: false, error: 'No reply left.' } };
  });
});
after(() => close());
beforeEach(() => {
  asked.length = 0;
});

const read = () => createQueryClient().fetchQuery({ queryKey: ['movies'], queryFn: () => api.get<{ movies: string[] }>('/api/movies') });

describe('reads the server asks to try again', () => {
  it('reads again after the Retry-After wait when the database is briefly away, and shows the answer', async () => {
    script = [
      { status: 503, body: DATABASE_AWAY, headers: { 'retry-after': '1' } },
      { status: 200, body: { movies: ['Alien'] } },
    ];
    assert.deepEqual(await read(), { movies: ['Alien'] });
    assert.equal(asked.length, 2);
    assert.ok(asked[1] - asked[0] >= 950, `waited ${Math.round(asked[1] - asked[0])} ms, as Retry-After asked`);
  });

  it(`gives up after ${UNAVAILABLE_RETRIES} more tries with the server's sentence`, async () => {
    script = Array.from({ length: 5 }, () => ({ status: 503, body: DATABASE_AWAY, headers: { 'retry-after': '0' } }));
    await assert.rejects(read(), (error) => error instanceof ApiError && error.message === DATABASE_AWAY.error);
    assert.equal(asked.length, 1 + UNAVAILABLE_RETRIES);
  });

  it('shows every other failure at once', async () => {
    script = [
      { status: 404, body: { success: false, error: 'Movie not found.', code: 'not_found' } },
      { status: 200, body: { movies: [] } },
    ];
    await assert.rejects(read(), (error) => error instanceof ApiError && error.status === 404);
    // A 503 without the server's code and wait (a proxy's own page) is not the server asking either.
    script = [
      { status: 503, body: { message: 'Service Unavailable' } },
      { status: 200, body: { movies: [] } },
    ];
    await assert.rejects(read(), (error) => error instanceof ApiError && error.status === 503);
    assert.equal(asked.length, 2);
  });

  it('never sends a change twice', async () => {
    script = [
      { status: 503, body: DATABASE_AWAY, headers: { 'retry-after': '0' } },
      { status: 200, body: { success: true } },
    ];
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => api.post('/api/review', { movie_id: 1, stars: 8 }) });
    await assert.rejects(mutation.execute(undefined), (error) => error instanceof ApiError && error.status === 503);
    assert.equal(asked.length, 1);
  });
});
