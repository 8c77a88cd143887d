import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_TOKENS_PER_MEMBER } from '@movieclub/contract';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const INVALID = 'This API token is not valid or has expired.';
const READ_ONLY = 'This API token may only read.';
const NO_MANAGEMENT = 'API tokens cannot manage API tokens; sign in with your password.';

for (const kind of TEST_DATABASES) {
  describe(`personal API tokens (${kind})`, () => {
    let app: TestApp;
    let counter = 0;

    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    const member = () => createUser(app, `tok${++counter}_${kind.slice(0, 2)}`);
    const makeToken = async (owner: SignedInUser, body: Record<string, unknown> = {}) => {
      const reply = await owner.agent.post('/api/tokens', { name: 'Script', scope: 'read-write', ...body });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body as { success: true; id: number; token: string };
    };
    /** A client with no cookies at all, sending the token. */
    const withToken = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> =>
      app.agent().request(method, path, body, { authorization: `Bearer ${token}`, ...headers });
    const reviewsOf = (userId: number) => app.database.db.selectFrom('reviews').select(['movie_id', 'stars']).where('user_id', '=', userId).execute();
    const tokenRow = (id: number) => app.database.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();

    it('creates a token that, without any cookie, signs calls in as its owner and rates a movie', async () => {
      const ann = await member();
      const { id, token } = await makeToken(ann, { name: '  Home server  ' });
      assert.ok(id > 0);
      assert.match(token, /^mc_[A-Za-z0-9_-]{43}$/);

      const me = await withToken(token, 'GET', '/api/user');
      assert.equal(me.status, 200, JSON.stringify(me.body));
      assert.equal(me.body.user.username, ann.username);
      assert.equal(me.headers.getSetCookie().length, 0, 'a token call sets no cookie');

      const movie = await addMovie(app.database.db, { title: 'Token Film' });
      const rated = await withToken(token, 'POST', '/api/review', { movie_id: movie.id, stars: 8 });
      assert.equal(rated.status, 200, JSON.stringify(rated.body));
      assert.deepEqual(await reviewsOf(ann.id), [{ movie_id: movie.id, stars: 8 }]);

      const listed = await ann.agent.get('/api/tokens');
      assert.equal(listed.body.tokens[0].name, 'Home server', 'the name is trimmed');
    });

    it('lets a read token read but refuses every call that writes, writing nothing', async () => {
      const bob = await member();
      const { token } = await makeToken(bob, { scope: 'read' });
      const movie = await addMovie(app.database.db, { title: 'Read Only Film' });
      assert.equal((await withToken(token, 'GET', '/api/user')).status, 200);
      assert.equal((await withToken(token, 'GET', `/api/movies/${movie.id}/reviews`)).status, 200);

      for (const [method, path, body] of [
        ['POST', '/api/review', { movie_id: movie.id, stars: 3 }],
        ['POST', '/api/watchlists/public', { name: 'Sneaky list' }],
        ['PUT', '/api/watchlists/1/description', { description: 'x' }],
        ['DELETE', `/api/watchlists/1/items/${movie.id}`, undefined],
      ] as const) {
        const refused = await withToken(token, method, path, body);
        assert.equal(refused.status, 403, `${method} ${path}: ${JSON.stringify(refused.body)}`);
        assert.deepEqual(refused.body, { success: false, error: READ_ONLY, code: 'token_read_only' });
      }
      assert.deepEqual(await reviewsOf(bob.id), []);
      assert.equal((await app.database.db.selectFrom('watchlists').select('id').where('owner_id', '=', bob.id).execute()).length, 0);
    });

    it('refuses an expired token, and an expiry in the past when creating', async () => {
      const cat = await member();
      const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      const { id, token } = await makeToken(cat, { expires_at: soon });
      assert.equal((await withToken(token, 'GET', '/api/user')).status, 200);
      assert.equal((await cat.agent.get('/api/tokens')).body.tokens[0].expires_at, soon);

      // Time passes: the expiry is now behind us.
      await app.database.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const expired = await withToken(token, 'GET', '/api/user');
      assert.equal(expired.status, 401);
      assert.deepEqual(expired.body, { success: false, error: INVALID, code: 'token_invalid' });

      const past = await cat.agent.post('/api/tokens', { name: 'Old', scope: 'read', expires_at: '2020-01-01T00:00:00Z' });
      assert.equal(past.status, 400);
      assert.equal(past.body.error, 'The expiry must be in the future.');
      const garbled = await cat.agent.post('/api/tokens', { name: 'Odd', scope: 'read', expires_at: 'next week' });
      assert.equal(garbled.status, 400);
      assert.match(garbled.body.error, /^Expiry must be a date and time/);
    });

    it('stops a revoked token at once, even on calls open to visitors, and runs nothing', async () => {
      const dan = await member();
      const { id, token } = await makeToken(dan);
      assert.deepEqual((await dan.agent.delete(`/api/tokens/${id}`)).body, { success: true });
      assert.equal(await tokenRow(id), undefined, 'revoking deletes the row');
      const movie = await addMovie(app.database.db, { title: 'Revoked Film' });
      for (const [method, path, body] of [
        ['GET', '/api/user', undefined],
        ['GET', '/api/movies', undefined],
        ['GET', '/api/health', undefined],
        ['POST', '/api/review', { movie_id: movie.id, stars: 5 }],
      ] as const) {
        const reply = await withToken(token, method, path, body);
        assert.equal(reply.status, 401, `${method} ${path}`);
        assert.equal(reply.body.error, INVALID);
      }
      assert.deepEqual(await reviewsOf(dan.id), []);
      for (const junk of ['', 'mc_', 'mc_nope', 'abc', `mc_${'a'.repeat(300)}`]) {
        assert.equal((await withToken(junk, 'GET', '/api/movies')).status, 401, `'${junk.slice(0, 10)}' is refused`);
      }
    });

    it('stores only a keyed hash: the token is in no column, and the list never shows it', async () => {
      const eve = await member();
      const { id, token } = await makeToken(eve, { name: 'Backup job', scope: 'read' });
      const row = await tokenRow(id);
      assert.ok(row);
      assert.notEqual(row.token_hash, token);
      const secret = token.slice(3);
      for (const [column, value] of Object.entries(row)) {
        assert.ok(!String(value).includes(secret), `${column} holds no part of the token`);
      }
      assert.equal(row.token_hash, app.app.auth.hashToken(token), 'hashed as session tokens are');

      const listed = await eve.agent.get('/api/tokens');
      assert.equal(listed.status, 200);
      assert.ok(!JSON.stringify(listed.body).includes(secret));
      assert.ok(!JSON.stringify(listed.body).includes(row.token_hash));
      assert.deepEqual(listed.body.tokens, [{ id, name: 'Backup job', scope: 'read', created_at: row.created_at, expires_at: null, last_used_at: null }]);
    });

    it("does not let another member revoke or see a member's tokens", async () => {
      const fay = await member();
      const gus = await member();
      const { id, token } = await makeToken(fay);
      const refused = await gus.agent.delete(`/api/tokens/${id}`);
      assert.equal(refused.status, 404);
      assert.equal(refused.body.error, 'Token not found.');
      assert.ok(await tokenRow(id), 'the token is still there');
      assert.equal((await withToken(token, 'GET', '/api/user')).status, 200);
      assert.deepEqual((await gus.agent.get('/api/tokens')).body.tokens, []);
      assert.equal((await fay.agent.delete('/api/tokens/999999')).status, 404);
    });

    it('skips the cross-site check for token calls, while cookie calls still get it', async () => {
      const hal = await member();
      const { token } = await makeToken(hal);
      const movie = await addMovie(app.database.db, { title: 'Origin Film' });
      const foreign = { origin: 'https://evil.example' };
      const byCookie = await hal.agent.post('/api/review', { movie_id: movie.id, stars: 4 }, foreign);
      assert.equal(byCookie.status, 403);
      assert.equal(byCookie.body.code, 'cross_site');
      assert.deepEqual(await reviewsOf(hal.id), []);
      const byToken = await withToken(token, 'POST', '/api/review', { movie_id: movie.id, stars: 6 }, foreign);
      assert.equal(byToken.status, 200, JSON.stringify(byToken.body));
      assert.deepEqual(await reviewsOf(hal.id), [{ movie_id: movie.id, stars: 6 }]);
    });

    it('lets the token win over a cookie session sent alongside, which it ignores', async () => {
      const ivy = await member();
      const jon = await member();
      const jonsRead = await makeToken(jon, { scope: 'read' });
      const asJon = await ivy.agent.get('/api/user', { authorization: `Bearer ${jonsRead.token}` });
      assert.equal(asJon.body.user.username, jon.username, "Ivy's cookie with Jon's token is Jon");
      const movie = await addMovie(app.database.db, { title: 'Both Film' });
      const write = await ivy.agent.post('/api/review', { movie_id: movie.id, stars: 9 }, { authorization: `Bearer ${jonsRead.token}` });
      assert.equal(write.status, 403, 'a read token is not rescued by the cookie');
      assert.deepEqual(await reviewsOf(ivy.id), []);
      // Logging out with a token does not end the cookie's session: the server never sees it.
      const ivysToken = await makeToken(ivy);
      const sessions = () => app.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', ivy.id).execute();
      const open = await sessions();
      assert.equal(open.length, 1);
      const cookie = ivy.agent.cookieHeader;
      assert.equal((await ivy.agent.post('/api/logout', {}, { authorization: `Bearer ${ivysToken.token}` })).status, 200);
      assert.deepEqual(await sessions(), open);
      assert.equal((await app.agent().get('/api/user', { cookie })).body.user.username, ivy.username);
      const revoked = await app.agent().get('/api/user', { cookie, authorization: 'Bearer mc_revoked' });
      assert.equal(revoked.status, 401, 'a bad token is not rescued by the cookie either');
    });

    it('notes when a token was last used, at most once a minute', async () => {
      const kim = await member();
      const { id, token } = await makeToken(kim);
      assert.equal((await tokenRow(id))?.last_used_at, null);
      const before = Date.now();
      await withToken(token, 'GET', '/api/user');
      const first = (await tokenRow(id))?.last_used_at;
      assert.ok(first && Date.parse(first) >= before - 1000, 'set on first use');
      const listed = await kim.agent.get('/api/tokens');
      assert.equal(listed.body.tokens[0].last_used_at, first);

      const thirtySecondsAgo = new Date(Date.now() - 30_000).toISOString();
      await app.database.db.updateTable('api_tokens').set({ last_used_at: thirtySecondsAgo }).where('id', '=', id).execute();
      await withToken(token, 'GET', '/api/user');
      assert.equal((await tokenRow(id))?.last_used_at, thirtySecondsAgo, 'not written again within the minute');

      const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
      await app.database.db.updateTable('api_tokens').set({ last_used_at: twoMinutesAgo }).where('id', '=', id).execute();
      await withToken(token, 'GET', '/api/user');
      assert.ok(Date.parse((await tokenRow(id))?.last_used_at ?? '') > Date.parse(twoMinutesAgo) + 60_000, 'written again after a minute');
    });

    it('refuses tokens that try to manage tokens', async () => {
      const lea = await member();
      const { id, token } = await makeToken(lea);
      for (const [method, path, body] of [
        ['GET', '/api/tokens', undefined],
        ['POST', '/api/tokens', { name: 'More', scope: 'read-write' }],
        ['POST', '/api/tokens', { name: '' }],
        ['DELETE', `/api/tokens/${id}`, undefined],
      ] as const) {
        const reply = await withToken(token, method, path, body);
        assert.equal(reply.status, 403, `${method} ${path}`);
        assert.deepEqual(reply.body, { success: false, error: NO_MANAGEMENT, code: 'token_not_allowed' });
      }
      assert.equal((await lea.agent.get('/api/tokens')).body.tokens.length, 1);
    });

    it('checks the name and scope, and holds each member to the token limit', async () => {
      const max = await member();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '   ', scope: 'read' }, 'Name must be 1 to 60 characters.'],
        [{ name: 'x'.repeat(61), scope: 'read' }, 'Name must be 1 to 60 characters.'],
        [{ scope: 'read' }, 'Name is required.'],
        [{ name: 'Ok', scope: 'admin' }, "Scope must be 'read' or 'read-write'."],
      ];
      for (const [body, sentence] of cases) {
        const reply = await max.agent.post('/api/tokens', body);
        assert.equal(reply.status, 400, JSON.stringify(body));
        assert.equal(reply.body.error, sentence);
      }
      assert.equal((await max.agent.post('/api/tokens', { name: 'x'.repeat(60), scope: 'read' })).status, 200);
      for (let index = 1; index < API_TOKENS_PER_MEMBER; index++) await makeToken(max, { name: `Token ${index}` });
      const over = await max.agent.post('/api/tokens', { name: 'One too many', scope: 'read' });
      assert.equal(over.status, 409);
      assert.deepEqual(over.body, { success: false, error: `You already have ${API_TOKENS_PER_MEMBER} API tokens; revoke one before creating another.`, code: 'token_limit' });
      assert.equal((await max.agent.get('/api/tokens')).body.tokens.length, API_TOKENS_PER_MEMBER);
    });

    it('refuses a token name with nothing visible, creating nothing, and keeps a name on one line', async () => {
      const owner = await member();
      for (const name of ['\u200b\u200b', '\u00ad', '\u0007\u0008', '\r\n', '\u200d', '\u202e\u2066']) {
        const reply = await owner.agent.post('/api/tokens', { name, scope: 'read' });
        assert.deepEqual([reply.status, reply.body.error], [400, 'Name must be 1 to 60 characters.'], JSON.stringify(name));
      }
      assert.deepEqual((await owner.agent.get('/api/tokens')).body.tokens, [], 'no token was made');
      for (const [sent, stored] of [
        ['Home\nserver', 'Home server'],
        ['\u202etpircs', 'tpircs'],
        ['👨\u200d👩\u200d👧 laptop', '👨\u200d👩\u200d👧 laptop'],
      ]) {
        await makeToken(owner, { name: sent });
        const names = (await owner.agent.get('/api/tokens')).body.tokens.map((token: { name: string }) => token.name);
        assert.ok(names.includes(stored), `${JSON.stringify(sent)}: ${JSON.stringify(names)}`);
      }
    });

    it('is described in the OpenAPI document: signed-in calls take the cookie or a bearer token, token management the cookie only', async () => {
      const document = (await app.agent().get('/api/openapi.json')).body;
      assert.deepEqual(document.components.securitySchemes.bearerAuth, {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'API token',
        description: document.components.securitySchemes.bearerAuth.description,
      });
      assert.equal(document.components.securitySchemes.session.name, 'sid');
      assert.deepEqual(document.paths['/api/notifications'].get.security, [{ session: [] }, { bearerAuth: [] }]);
      assert.deepEqual(document.paths['/api/tokens'].post.security, [{ session: [] }]);
      assert.deepEqual(document.paths['/api/tokens/{id}'].delete.security, [{ session: [] }]);
      assert.equal(document.paths['/api/movies'].get.security, undefined, 'open calls name no scheme');
    });

    it('asks visitors to sign in', async () => {
      const visitor: ApiAgent = app.agent();
      for (const reply of [await visitor.get('/api/tokens'), await visitor.post('/api/tokens', { name: 'x', scope: 'read' }), await visitor.delete('/api/tokens/1')]) {
        assert.equal(reply.status, 401);
        assert.equal(reply.body.error, 'You must be signed in to manage API tokens.');
      }
    });
  });
}
