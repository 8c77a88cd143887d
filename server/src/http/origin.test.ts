import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../testing/testApp';

// The check reads only headers, so one database suffices.
describe('cross-site request check', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp('sqlite', { config: { publicUrl: 'https://movies.example.org' } });
  });
  after(() => app.close());

  const register = (username: string, headers: Record<string, string>) =>
    app.agent().post('/api/register', { username, password: 'secret-password' }, headers);
  const userExists = async (username: string) =>
    Boolean(await app.database.db.selectFrom('users').select('id').where('username_lower', '=', username).executeTakeFirst());
  const REFUSED = { success: false, error: 'Cross-site requests are not allowed.', code: 'cross_site' };

  it('refuses a mutating call without Origin whose Referer is another site, changing nothing', async () => {
    for (const referer of ['https://evil.example/page', `${app.url.replace('127.0.0.1', 'localhost')}/register`, 'not an address']) {
      const refused = await register('referer_victim', { referer });
      assert.equal(refused.status, 403, referer);
      assert.deepEqual(refused.body, REFUSED);
    }
    assert.equal(await userExists('referer_victim'), false);
  });

  it('allows a Referer from this site or from PUBLIC_URL', async () => {
    assert.equal((await register('own_referer', { referer: `${app.url}/register?from=menu` })).status, 200);
    assert.equal((await register('public_referer', { referer: 'https://movies.example.org/register' })).status, 200);
    assert.equal(await userExists('own_referer'), true);
  });

  it('lets Origin decide when both are sent', async () => {
    const foreignOrigin = await register('origin_first', { origin: 'https://evil.example', referer: `${app.url}/register` });
    assert.equal(foreignOrigin.status, 403);
    const ownOrigin = await register('origin_first', { origin: app.url, referer: 'https://evil.example/' });
    assert.equal(ownOrigin.status, 200);
  });

  it('leaves reading calls alone', async () => {
    const read = await app.agent().get('/api/movies', { referer: 'https://evil.example/page', origin: 'https://evil.example' });
    assert.equal(read.status, 200);
  });
});
