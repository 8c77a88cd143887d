import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { newToken } from './service';

/** Who calls: a visitor, Ann (whose tokens are at stake), Bob, or a client holding one of Ann's tokens. */
type Role = 'anonymous' | 'ann' | 'bob' | 'ann read-write token' | 'ann read token';
const ROLES: Role[] = ['anonymous', 'ann', 'bob', 'ann read-write token', 'ann read token'];

interface Call {
  name: string;
  send(agent: ApiAgent, target: number, headers: Record<string, string>): Promise<ApiResponse>;
  expected: Record<Role, number>;
}

const SENTENCES: Record<number, string> = {
  401: 'You must be signed in to manage API tokens.',
  404: 'Token not found.',
};

for (const kind of TEST_DATABASES) {
  describe(`API token permission matrix (${kind})`, () => {
    let app: TestApp;
    let people: Record<'ann' | 'bob', SignedInUser>;
    const tokens = { readWrite: newToken(), read: newToken() };

    before(async () => {
      app = await startTestApp(kind);
      people = { ann: await createUser(app, 'tp_ann'), bob: await createUser(app, 'tp_bob') };
    });
    after(() => app.close());

    /** Ann's two tokens the token roles call with, her 'Laptop' token at stake, and one of Bob's. */
    const seed = async (): Promise<number> => {
      const db = app.database.db;
      await db.deleteFrom('api_tokens').execute();
      const at = new Date().toISOString();
      const row = (user_id: number, name: string, scope: string, token: string) => ({
        user_id,
        name,
        scope,
        token_hash: app.app.auth.hashToken(token),
        created_at: at,
        expires_at: null,
        last_used_at: at,
      });
      await db
        .insertInto('api_tokens')
        .values([
          row(people.ann.id, 'Script', 'read-write', tokens.readWrite),
          row(people.ann.id, 'Reader', 'read', tokens.read),
          row(people.bob.id, 'Bob’s', 'read-write', newToken()),
        ])
        .execute();
      const target = await db.insertInto('api_tokens').values(row(people.ann.id, 'Laptop', 'read', newToken())).returning('id').executeTakeFirstOrThrow();
      return Number(target.id);
    };
    const rows = () => app.database.db.selectFrom('api_tokens').select(['id', 'user_id', 'name', 'scope', 'token_hash', 'expires_at']).orderBy('id').execute();

    const calls: Call[] = [
      {
        name: 'create a token',
        send: (agent, _target, headers) => agent.post('/api/tokens', { name: 'New', scope: 'read' }, headers),
        expected: { anonymous: 401, ann: 200, bob: 200, 'ann read-write token': 403, 'ann read token': 403 },
      },
      {
        name: 'list tokens',
        send: (agent, _target, headers) => agent.get('/api/tokens', headers),
        expected: { anonymous: 401, ann: 200, bob: 200, 'ann read-write token': 403, 'ann read token': 403 },
      },
      {
        name: "revoke Ann's token",
        send: (agent, target, headers) => agent.delete(`/api/tokens/${target}`, headers),
        expected: { anonymous: 401, ann: 200, bob: 404, 'ann read-write token': 403, 'ann read token': 403 },
      },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        const expected = call.expected[role];
        it(`${call.name}: ${role} → ${expected}`, async () => {
          const target = await seed();
          const member = role === 'ann' || role === 'bob' ? people[role] : null;
          const agent = member ? member.agent : app.agent();
          const headers: Record<string, string> =
            role === 'ann read-write token' ? { authorization: `Bearer ${tokens.readWrite}` } : role === 'ann read token' ? { authorization: `Bearer ${tokens.read}` } : {};
          const before = await rows();
          const reply = await call.send(agent, target, headers);
          assert.equal(reply.status, expected, JSON.stringify(reply.body));
          const after = await rows();
          if (expected !== 200) {
            assert.equal(reply.body.success, false);
            if (SENTENCES[expected]) assert.equal(reply.body.error, SENTENCES[expected]);
            if (expected === 403) assert.ok(['token_not_allowed', 'token_read_only'].includes(reply.body.code), reply.body.code);
            assert.deepEqual(after, before, 'a refused call changes nothing');
            return;
          }
          const self = member as SignedInUser;
          assert.deepEqual(
            after.filter((row) => row.user_id !== self.id),
            before.filter((row) => row.user_id !== self.id),
            "the other member's tokens are untouched",
          );
          if (reply.body.tokens) {
            const own = before.filter((row) => row.user_id === self.id).map((row) => row.id).reverse();
            assert.deepEqual(reply.body.tokens.map((token: { id: number }) => token.id), own, 'their own, newest first');
            assert.equal(after.length, before.length);
          } else if (reply.body.token) {
            assert.equal(after.length, before.length + 1);
            assert.equal(after.at(-1)?.user_id, self.id);
          } else {
            assert.deepEqual(after.map((row) => row.id), before.map((row) => row.id).filter((id) => id !== target));
          }
        });
      }
    }
  });
}
