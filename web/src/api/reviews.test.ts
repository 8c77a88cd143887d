import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fetchAverages } from './reviews';

/** A local server that answers the averages paths as each test decides. */
let answer: (method: string, path: string, body: string) => { status: number; body: unknown };
const seen: string[] = [];
let server: http.Server;

before(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push(`${request.method} ${request.url}${body ? ` ${body}` : ''}`);
      const reply = answer(request.method ?? 'GET', request.url ?? '', body);
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The client resolves relative paths against the page's origin.
  (globalThis as { window?: unknown }).window = { location: { origin: `http://127.0.0.1:${port}` } };
});
after(() => server.close());
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
