import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '@movieclub/contract';
import fc from 'fast-check';
import sharp from 'sharp';
import { addImdbTitle, addMovie, createUser, type SignedInUser } from '../testing/factories';
import { describeRequest, type KnownRows, type MalformedRequest, malformedRequests } from '../testing/malformedRequests';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimits';

/** Requests per database; the seed is fixed so a failure reproduces (the report prints seed and path). */
const RUNS = 4_000;
const SEED = 20_261_212;

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/** Sends the request as bytes on the wire: node's http keeps `..` and odd escapes in the path as written. */
function send(baseUrl: string, request: MalformedRequest, cookie: string): Promise<Reply> {
  const url = new URL(baseUrl);
  const cookies = [cookie, request.headers.cookie].filter(Boolean).join('; ');
  const headers: Record<string, string | number> = { ...request.headers, ...(cookies ? { cookie: cookies } : {}) };
  if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** No 5xx; every 4xx is `{success:false, error}` with a sentence that starts with a capital letter. */
function checkReply(request: MalformedRequest, reply: Reply) {
  const seen = `${reply.status} ${reply.text.slice(0, 300)}`;
  assert.ok(reply.status < 500, `server error: ${seen}`);
  if (reply.status < 400 || request.method === 'HEAD') return;
  assert.match(reply.contentType, /^application\/json/, `a refusal is JSON: ${seen}`);
  const body = JSON.parse(reply.text) as { success?: unknown; error?: unknown; code?: unknown };
  assert.equal(body.success, false, `a refusal says success:false: ${seen}`);
  assert.equal(typeof body.error, 'string', `a refusal carries a sentence: ${seen}`);
  assert.match(body.error as string, /^[A-Z]/, `the sentence starts with a capital letter: ${seen}`);
  assert.ok(typeof body.code === 'string' && body.code in ERROR_CODES, `a refusal carries a known code: ${seen}`);
}

/** A built client in a temporary folder, so the static files and page routes are fuzzed too. */
function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-fuzz-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>MovieClub</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'void 0;');
  fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** Real rows the generated ids and names point at: movies in the catalogue and index, lists, a review. */
async function seed(app: TestApp, owner: SignedInUser, friend: SignedInUser): Promise<KnownRows> {
  const tconsts = ['tt0000101', 'tt0000102', 'tt0000103'];
  const movieIds: number[] = [];
  for (const [index, tconst] of tconsts.entries()) {
    await addImdbTitle(app.database.db, { tconst, primary_title: `Fuzz Film ${index}`, genres: 'Horror,Comedy' });
    movieIds.push((await addMovie(app.database.db, { tconst, title: `Fuzz Film ${index}` })).id);
  }
  await addImdbTitle(app.database.db, { tconst: 'tt0111161', primary_title: 'Not Yet Added' });
  const created = await owner.agent.post('/api/watchlists/public', { name: 'Fuzz List' });
  const publicId = created.body.watchlist.id as number;
  const personal = (await owner.agent.get('/api/watchlists/mine')).body.watchlist;
  for (const movieId of movieIds) {
    await owner.agent.post(`/api/watchlists/${publicId}/items`, { movie_id: movieId });
    await owner.agent.post('/api/watchlists/mine/items', { movie_id: movieId });
  }
  await owner.agent.post('/api/add_moderator', { username: friend.username, watchlist_id: publicId });
  // A screening, so generated ids reach the movie-night calls' rules and not only their 404.
  const screening = await owner.agent.post('/api/screenings', { watchlist_id: publicId, starts_at: new Date(Date.now() + 86_400_000).toISOString() });
  if (screening.status !== 200) throw new Error(`screening failed: ${JSON.stringify(screening.body)}`);
  await friend.agent.post('/api/review', { movie_id: movieIds[0], stars: 3, ttm_rating: 'B', text: 'Grim.' });
  // A comment of the signed-in caller's on it, so generated ids reach the comment calls' rules too.
  const review = await owner.agent.get(`/api/movies/${movieIds[0]}/reviews`);
  const reviewId = review.body.reviews[0].id as number;
  const comment = await owner.agent.post(`/api/reviews/${reviewId}/comments`, { text: 'Grim indeed, @fuzz_friend.' });
  if (comment.status !== 200) throw new Error(`comment failed: ${JSON.stringify(comment.body)}`);
  await friend.agent.put(`/api/comments/${comment.body.comment.id}/reactions/heart`);
  const personalIdentifier = /^\/api\/watchlist\/([^/]+)\//.exec(personal.stremio_path)?.[1] ?? '';
  return {
    movieIds,
    listIds: [publicId, personal.id],
    listIdentifiers: [`${publicId}-fuzz-list`, personalIdentifier],
    usernames: [owner.username, friend.username, 'nobody_here'],
    tconsts: [...tconsts, 'tt0111161'],
    picture: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).png().toBuffer(),
  };
}

for (const kind of TEST_DATABASES) {
  describe(`malformed requests (${kind})`, () => {
    let app: TestApp;
    let webDist: string;
    let owner: SignedInUser;
    let rows: KnownRows;
    before(async () => {
      webDist = fakeClient();
      // Limits high enough that requests reach the handlers rather than stopping at 429.
      const rateLimits = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, 1_000_000])) as RateLimits;
      app = await startTestApp(kind, { config: { webDist, rateLimits } });
      owner = await createUser(app, 'fuzz_owner');
      rows = await seed(app, owner, await createUser(app, 'fuzz_friend'));
    });
    after(async () => {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    });

    it(`answers ${RUNS.toLocaleString('en')} malformed requests without a server error, each refusal a sentence`, async () => {
      const routes = app.app.routeTable;
      assert.ok(routes.some((route) => route.url === '/api/watchlists/:id/items/order'), 'the routes come from the app itself');
      const statuses = new Map<number, number>();
      const reachedSignedIn = new Set<string>();
      const property = fc.asyncProperty(malformedRequests(routes, rows), async (request) => {
        const reply = await send(app.url, request, request.signedIn ? owner.agent.cookieHeader : '');
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (request.signedIn && reply.status < 300 && request.method !== 'GET' && request.method !== 'HEAD') {
          reachedSignedIn.add(`${request.method} ${request.path.split('?')[0]}`);
        }
        checkReply(request, reply);
      });
      const details = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
      if (details.failed) {
        const [request] = details.counterexample ?? [];
        assert.fail(
          `${request ? describeRequest(request) : 'no request'}\n${String(details.errorInstance)}\n` +
            `(fast-check seed ${details.seed}, path "${details.counterexamplePath}", after ${details.numRuns} requests)`,
        );
      }
      assert.ok(details.numRuns >= RUNS, `${details.numRuns} requests ran`);
      // The generator gets past validation too: signed-in changes succeed, not only refusals.
      assert.ok(reachedSignedIn.size >= 5, `signed-in changes that succeeded: ${[...reachedSignedIn].join(', ')}`);
      assert.ok((statuses.get(200) ?? 0) > RUNS / 10, `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    });
  });
}
