import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fetchAverages } from './reviews';
import { serveAsPageOrigin } from './testServer';

/** A local server that answers the averages paths as each test decides. */
let answer: (method: string, path: string, body: string) => { status: number; body: unknown };
const seen: string[] = [];
let close: () => void;

before(async () => {
  close = await serveAsPageOrigin((method, path, body) => {
    seen.push(`${method} ${path}${body ? ` ${body}` : ''}`);
    return answer(method, path, body);
  });
});
after(() => close());
beforeEach(() => {
  seen.length = 0;
});

describe('fetchAverages', () => {
  it('uses the first path when it answers', async () => {
    answer = () => ({ status: 200, body: { success: true, averages: { 3: { avg: 7.5, count: 2 } } } });
    assert.deepEqual(await fetchAverages([3, 4]), { '3': { avg: 7.5, count: 2 } });
    assert.deepEqual(seen, ['GET /api/review/averages?ids=3,4']);
  });

  it('falls back through the paths in order', async () => {
    answer = (method, path) =>
      method === 'POST' && path === '/api/reviews/averages'
        ? { status: 200, body: [{ movieId: 4, average: 6, n: 1 }] }
        : path.startsWith('/api/reviews/averages')
          ? { status: 500, body: { success: false, error: 'Boom.' } }
          : { status: 404, body: { success: false, error: 'Not found.' } };
    assert.deepEqual(await fetchAverages([4]), { '4': { avg: 6, count: 1 } });
    assert.deepEqual(seen, [
      'GET /api/review/averages?ids=4',
      'GET /api/reviews/averages?ids=4',
      'POST /api/review/averages {"ids":[4]}',
      'POST /api/reviews/averages {"ids":[4]}',
    ]);
  });

  it('logs a warning and resolves with null when every path fails', async () => {
    answer = () => ({ status: 200, body: '<html>not json</html>' });
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      assert.equal(await fetchAverages([5]), null);
    } finally {
      console.warn = warn;
    }
    assert.equal(seen.length, 4);
    assert.equal(warnings.length, 1);
  });

  it('asks nothing for no movies', async () => {
    assert.deepEqual(await fetchAverages([]), {});
    assert.deepEqual(seen, []);
  });
});
