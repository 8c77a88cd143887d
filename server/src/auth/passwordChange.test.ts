import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NOTIFICATION_EVENTS } from '@movieclub/contract';
import type { Socket } from 'socket.io-client';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';

const OLD = 'correct horse battery';
const NEW = 'a longer and newer phrase';

for (const kind of TEST_DATABASES) {
  describe(`changing one's password (${kind})`, () => {
    let app: TestApp;
    const sockets: Socket[] = [];

    before(async () => {
      app = await startTestApp(kind, { config: { loginFailuresPerUsername: 3, rateLimits: { login: 100_000 } } });
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    });

    const login = (username: string, password: string) => app.agent().post('/api/login', { username, password });
    const change = (agent: ReturnType<TestApp['agent']>, body: unknown) => agent.post('/api/user/password', body);

    it('replaces the password and ends the member’s other sessions, their sockets too, keeping this one and API tokens', async () => {
      const member = await createUser(app, 'pw_ann', OLD);
      const laptop = app.agent();
      assert.equal((await laptop.post('/api/login', { username: 'pw_ann', password: OLD })).status, 200);
      const other = await createUser(app, 'pw_bob', OLD);
      const token = (await member.agent.post('/api/tokens', { name: 'Script', scope: 'read' })).body.token as string;
      const laptopSocket = connectSocket(app.url, laptop.cookieHeader);
      const ownSocket = connectSocket(app.url, member.agent.cookieHeader);
      const othersSocket = connectSocket(app.url, other.agent.cookieHeader);
      sockets.push(laptopSocket, ownSocket, othersSocket);
      await Promise.all([laptopSocket, ownSocket, othersSocket].map((socket) => nextEvent(socket, 'connect')));
      const laptopClosed = nextEvent(laptopSocket, 'disconnect');

      const reply = await change(member.agent, { current_password: OLD, new_password: NEW });
      assert.deepEqual([reply.status, reply.body], [200, { success: true }]);

      assert.equal(await laptopClosed, 'io server disconnect');
      assert.equal((await laptop.get('/api/user')).status, 401, 'the other session ended');
      assert.equal((await member.agent.get('/api/user')).body.user.username, 'pw_ann', 'this session goes on');
      assert.equal(ownSocket.connected, true);
      assert.equal(othersSocket.connected, true, "another member's sockets stay");
      assert.equal((await other.agent.get('/api/user')).status, 200);
      assert.equal((await app.agent().get('/api/user', { authorization: `Bearer ${token}` })).body.user.username, 'pw_ann', 'API tokens are credentials of their own');

      const old = await login('pw_ann', OLD);
      assert.deepEqual([old.status, old.body.error], [401, 'Invalid username or password.']);
      assert.equal((await login('pw_ann', NEW)).status, 200);
      // The socket of the session kept still hears the member's news.
      const heard = nextEvent(ownSocket, NOTIFICATION_EVENTS.changed);
      assert.equal((await member.agent.post('/api/notifications/read', {})).status, 200);
      assert.equal(typeof (await heard as { unread: number }).unread, 'number');
    });

    it('refuses a wrong current password, counting it towards the login lock, and changes nothing', async () => {
      const member = await createUser(app, 'pw_cy', OLD);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const wrong = await change(member.agent, { current_password: 'not it at all', new_password: NEW });
        assert.deepEqual([wrong.status, wrong.body.error, wrong.body.code], [403, 'That is not your current password.', 'current_password_wrong']);
      }
      const locked = await change(member.agent, { current_password: OLD, new_password: NEW });
      assert.deepEqual([locked.status, locked.body.code], [429, 'login_locked']);
      // Counted as an untrusted client's failures: strangers' sign-ins are locked, the member's own browser (its device cookie) is not.
      assert.equal((await login('pw_cy', OLD)).status, 429, 'a stranger’s sign-in is locked as well');
      assert.equal((await member.agent.post('/api/login', { username: 'pw_cy', password: OLD })).status, 200, 'the member’s own browser still signs in');
      assert.equal((await member.agent.get('/api/user')).status, 200, 'the session stays');
    });

    it('answers bad input with a sentence and keeps the old password', async () => {
      const member = await createUser(app, 'pw_dee', OLD);
      const cases: [unknown, string][] = [
        [{ new_password: NEW }, 'Your current password is required.'],
        [{ current_password: 12, new_password: NEW }, 'Your current password must be text.'],
        [{ current_password: OLD }, 'A new password is required.'],
        [{ current_password: OLD, new_password: 'short' }, 'The new password must be at least 8 characters.'],
        [{ current_password: OLD, new_password: 'x'.repeat(257) }, 'The new password must be at most 256 characters.'],
        [{ current_password: OLD, new_password: OLD }, 'The new password is the same as the current one.'],
      ];
      for (const [body, sentence] of cases) {
        const reply = await change(member.agent, body);
        assert.deepEqual([reply.status, reply.body.error], [400, sentence], JSON.stringify(body));
      }
      assert.equal((await login('pw_dee', OLD)).status, 200);
    });

    it('is for a signed-in member with their password session only', async () => {
      const member = await createUser(app, 'pw_eve', OLD);
      const anonymous = await change(app.agent(), { current_password: OLD, new_password: NEW });
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to change your password.']);
      const token = (await member.agent.post('/api/tokens', { name: 'Script', scope: 'read-write' })).body.token as string;
      const byToken = await app.agent().post('/api/user/password', { current_password: OLD, new_password: NEW }, { authorization: `Bearer ${token}` });
      assert.deepEqual([byToken.status, byToken.body.code], [403, 'token_not_allowed']);
      const readToken = (await member.agent.post('/api/tokens', { name: 'Reader', scope: 'read' })).body.token as string;
      const byReadToken = await app.agent().post('/api/user/password', { current_password: OLD, new_password: NEW }, { authorization: `Bearer ${readToken}` });
      assert.deepEqual([byReadToken.status, byReadToken.body.code], [403, 'token_read_only']);
      assert.equal((await login('pw_eve', OLD)).status, 200, 'nothing changed');
    });
  });
}
