import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INVITE_INVALID, INVITE_REQUIRED, REGISTRATION_CLOSED } from '@movieclub/contract';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const PASSWORD = 'correct horse battery';
const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

for (const kind of TEST_DATABASES) {
  describe(`registration modes and invitations (${kind})`, () => {
    let app: TestApp;
    let admin: SignedInUser;
    const register = (username: string, invite?: string) => app.agent().post('/api/register', { username, password: PASSWORD, ...(invite === undefined ? {} : { invite }) });
    const userCount = async () => Number((await app.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const setMode = async (registration: string) => assert.equal((await admin.agent.put('/api/admin/settings', { registration })).status, 200);
    const newInvite = async (body: object = {}) => {
      const reply = await admin.agent.post('/api/admin/invites', body);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.invite as { id: number; url: string; expires_at: string };
    };

    before(async () => {
      app = await startTestApp(kind, { config: { registration: 'closed', publicUrl: 'https://club.example.org' } });
    });
    after(() => app.close());

    it('lets the very first account register on a closed site, then refuses the next with a sentence', async () => {
      assert.deepEqual((await app.agent().get('/api/registration')).body, { success: true, mode: 'open' }, 'a fresh site shows its register form');
      admin = await createUser(app, 'reg_admin');
      assert.equal((await admin.agent.get('/api/user')).body.user.is_admin, true);
      assert.deepEqual((await app.agent().get('/api/registration')).body, { success: true, mode: 'closed' });
      const refused = await register('reg_late');
      assert.equal(refused.status, 403);
      assert.deepEqual([refused.body.error, refused.body.code], [REGISTRATION_CLOSED, 'registration_closed']);
      assert.equal(await userCount(), 1);
    });

    it("follows the admin's setting over REGISTRATION once set", async () => {
      await setMode('open');
      assert.equal((await app.agent().get('/api/registration')).body.mode, 'open');
      assert.equal((await register('reg_open')).status, 200);
    });

    it('asks for an invitation under invite, and refuses an unknown one', async () => {
      await setMode('invite');
      assert.deepEqual((await app.agent().get('/api/registration')).body, { success: true, mode: 'invite' });
      const none = await register('reg_none');
      assert.deepEqual([none.status, none.body.error, none.body.code], [403, INVITE_REQUIRED, 'invite_required']);
      const bogus = await register('reg_bogus', 'not-a-real-invitation');
      assert.deepEqual([bogus.status, bogus.body.error, bogus.body.code], [403, INVITE_INVALID, 'invite_invalid']);
      const wrongType = await app.agent().post('/api/register', { username: 'reg_type', password: PASSWORD, invite: 42 });
      assert.equal(wrongType.status, 400);
    });

    it('lets an invitation register one account once, and shows who used it', async () => {
      const invite = await newInvite({ note: 'For Dana' });
      assert.match(invite.url, /^https:\/\/club\.example\.org\/register\?invite=[\w-]{20,}$/);
      const stored = await app.database.db.selectFrom('invites').select('token_hash').where('id', '=', invite.id).executeTakeFirstOrThrow();
      assert.notEqual(stored.token_hash, tokenOf(invite.url), 'only a hash is kept');
      const days = (Date.parse(invite.expires_at) - Date.now()) / 86_400_000;
      assert.ok(days > 6.9 && days <= 7, `seven days by default: ${days}`);

      assert.equal((await register('reg_dana', tokenOf(invite.url))).status, 200);
      const again = await register('reg_again', tokenOf(invite.url));
      assert.deepEqual([again.status, again.body.error], [403, INVITE_INVALID]);

      const listed = (await admin.agent.get('/api/admin/invites')).body.invites.find((row: { id: number }) => row.id === invite.id);
      assert.equal(listed.state, 'used');
      assert.equal(listed.used_by, 'reg_dana');
      assert.equal(listed.created_by, 'reg_admin');
      assert.equal(listed.note, 'For Dana');
      assert.ok(listed.used_at);
    });

    it('lets exactly one of two registrations racing with one invitation through', async () => {
      const invite = await newInvite();
      const before = await userCount();
      const replies = await Promise.all([register('reg_race_a', tokenOf(invite.url)), register('reg_race_b', tokenOf(invite.url))]);
      assert.deepEqual(replies.map((reply) => reply.status).sort(), [200, 403], JSON.stringify(replies.map((reply) => reply.body)));
      assert.equal(replies.find((reply) => reply.status === 403)!.body.error, INVITE_INVALID);
      assert.equal(await userCount(), before + 1, 'the refused account was not created');
    });

    it('refuses an expired invitation and lists it as expired', async () => {
      const invite = await newInvite({ expires_in_days: 1 });
      await app.database.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', invite.id).execute();
      const reply = await register('reg_expired', tokenOf(invite.url));
      assert.deepEqual([reply.status, reply.body.error], [403, INVITE_INVALID]);
      const listed = (await admin.agent.get('/api/admin/invites')).body.invites.find((row: { id: number }) => row.id === invite.id);
      assert.equal(listed.state, 'expired');
    });

    it('refuses a revoked invitation', async () => {
      const invite = await newInvite();
      assert.equal((await admin.agent.delete(`/api/admin/invites/${invite.id}`)).status, 200);
      const reply = await register('reg_revoked', tokenOf(invite.url));
      assert.deepEqual([reply.status, reply.body.error], [403, INVITE_INVALID]);
      const gone = await admin.agent.delete(`/api/admin/invites/${invite.id}`);
      assert.deepEqual([gone.status, gone.body.error], [404, 'No invitation with that id.']);
      assert.ok(!(await admin.agent.get('/api/admin/invites')).body.invites.some((row: { id: number }) => row.id === invite.id));
    });

    it('checks the expiry and the note of a new invitation', async () => {
      for (const expires_in_days of [0, 91, 2.5, '7']) {
        const reply = await admin.agent.post('/api/admin/invites', { expires_in_days });
        assert.deepEqual([reply.status, reply.body.error], [400, 'Expiry must be a whole number of days from 1 to 90.'], String(expires_in_days));
      }
      const long = await admin.agent.post('/api/admin/invites', { note: 'x'.repeat(201) });
      assert.deepEqual([long.status, long.body.error], [400, 'The note must be at most 200 characters.']);
      const invite = await newInvite({ expires_in_days: 90 });
      assert.ok(Date.parse(invite.expires_at) - Date.now() > 89.9 * 86_400_000);
    });

    it('keeps a username taken under invite without spending the invitation', async () => {
      const invite = await newInvite();
      const taken = await register('reg_dana', tokenOf(invite.url));
      assert.equal(taken.status, 409);
      assert.equal((await register('reg_fresh', tokenOf(invite.url))).status, 200, 'the invitation still works');
    });

    it('spends an invitation used while registration is open, and ignores a bad one', async () => {
      await setMode('open');
      const invite = await newInvite();
      assert.equal((await register('reg_open_inv', tokenOf(invite.url))).status, 200);
      assert.equal((await register('reg_open_bad', 'nonsense')).status, 200);
      const listed = (await admin.agent.get('/api/admin/invites')).body.invites.find((row: { id: number }) => row.id === invite.id);
      assert.deepEqual([listed.state, listed.used_by], ['used', 'reg_open_inv']);
    });
  });

  describe(`two first registrations at once on a closed site (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind, { config: { registration: 'closed' } });
    });
    after(() => app.close());

    it('lets one in and refuses the other with the closed sentence', async () => {
      // Both find the site empty before their passwords are hashed; the accounts' transactions decide.
      const replies = await Promise.all(
        ['race_one', 'race_two', 'race_three'].map((username) => app.agent().post('/api/register', { username, password: PASSWORD })),
      );
      const statuses = replies.map((reply) => reply.status).sort();
      assert.deepEqual(statuses, [200, 403, 403], JSON.stringify(replies.map((reply) => reply.body)));
      for (const refused of replies.filter((reply) => reply.status === 403)) {
        assert.deepEqual([refused.body.error, refused.body.code], [REGISTRATION_CLOSED, 'registration_closed']);
      }
      const users = await app.database.db.selectFrom('users').select('username').execute();
      assert.equal(users.length, 1);
      const admitted = replies.findIndex((reply) => reply.status === 200);
      assert.equal(users[0].username, ['race_one', 'race_two', 'race_three'][admitted]);
    });
  });

  describe(`the first account on a site by invitation (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind, { config: { registration: 'invite' } });
    });
    after(() => app.close());

    it('registers without an invitation and becomes the admin; the second needs one', async () => {
      const first = await createUser(app, 'inv_first');
      assert.equal((await first.agent.get('/api/user')).body.user.is_admin, true);
      const second = await app.agent().post('/api/register', { username: 'inv_second', password: PASSWORD });
      assert.deepEqual([second.status, second.body.error], [403, INVITE_REQUIRED]);
    });
  });
}
