import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const kind of TEST_DATABASES) {
  describe(`session lifetime (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    const sessionRows = (userId: number) =>
      app.database.db.selectFrom('sessions').select(['token_hash', 'expires_at']).where('user_id', '=', userId).execute();
    /** Simulates time passing by moving the session's expiry instead of the clock. */
    const setExpiry = (userId: number, expiresAt: Date) =>
      app.database.db.updateTable('sessions').set({ expires_at: expiresAt.toISOString() }).where('user_id', '=', userId).execute();
    const sidCookie = (headers: Headers) => headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));

    it('pushes the expiry of a session in use back to 30 days', async () => {
      const user = await createUser(app, 'sliding_user');
      const usedForTenDays = new Date(Date.now() + 20 * DAY_MS);
      await setExpiry(user.id, usedForTenDays);

      const me = await user.agent.get('/api/user');
      assert.equal(me.status, 200);
      const cookie = sidCookie(me.headers);
      assert.ok(cookie, 'the cookie is sent again with the new expiry');
      const cookieExpires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]);
      assert.ok(cookieExpires > Date.now() + 29 * DAY_MS, `cookie expires ${new Date(cookieExpires).toISOString()}`);
      const [row] = await sessionRows(user.id);
      assert.ok(Date.parse(row.expires_at) > Date.now() + 29 * DAY_MS, `stored expiry ${row.expires_at}`);
      assert.equal((await user.agent.get('/api/user')).status, 200);
    });

    it('does not rewrite a session used again within the hour', async () => {
      const user = await createUser(app, 'fresh_user');
      const almostFull = new Date(Date.now() + 30 * DAY_MS - 10 * 60 * 1000);
      await setExpiry(user.id, almostFull);
      const me = await user.agent.get('/api/user');
      assert.equal(me.status, 200);
      assert.equal(sidCookie(me.headers), undefined);
      const [row] = await sessionRows(user.id);
      assert.equal(Date.parse(row.expires_at), almostFull.getTime());
    });

    it('refuses an expired session, deletes it and clears the cookie', async () => {
      const user = await createUser(app, 'expired_user');
      const cookieHeader = user.agent.cookieHeader;
      await setExpiry(user.id, new Date(Date.now() - 1000));

      const me = await user.agent.get('/api/user');
      assert.equal(me.status, 401);
      assert.deepEqual(me.body, { success: false, error: 'Not signed in.', code: 'not_signed_in' });
      assert.match(sidCookie(me.headers) ?? '', /^sid=;.*Expires=Thu, 01 Jan 1970/i);
      assert.deepEqual(await sessionRows(user.id), []);
      assert.equal((await app.agent().get('/api/user', { cookie: cookieHeader })).status, 401, 'the old cookie stays refused');
    });

    it('answers many members calling at once each as themselves, and a member signed out just before as no one', async () => {
      const members = await Promise.all(Array.from({ length: 12 }, (_, index) => createUser(app, `crowd_member_${index}`)));
      const leaving = members[5];
      const leavingCookie = leaving.agent.cookieHeader;
      assert.equal((await leaving.agent.post('/api/logout', {})).status, 200);
      const replies = await Promise.all(
        members.map((member, index) => (index === 5 ? app.agent().get('/api/user', { cookie: leavingCookie }) : member.agent.get('/api/user'))),
      );
      replies.forEach((reply, index) => {
        if (index === 5) assert.equal(reply.status, 401, 'the signed-out session is refused');
        else assert.equal(reply.body.user.username, `crowd_member_${index}`);
      });
    });
  });
}
