import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { fileForm, settled } from './testing';

/** Who calls: nobody signed in, another member, the member whose import it is. Imports have no moderators. */
type Role = 'anonymous' | 'member' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'owner'];

const RATINGS = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Amélie,2001,,4\n';
const LIST = [
  'Letterboxd list export v7',
  'Date,Name,Tags,URL,Description',
  '2024-01-01,Favourites,,https://boxd.it/list,My favourites',
  '',
  'Position,Name,Year,URL,Description',
  '1,Amélie,2001,https://boxd.it/1,',
].join('\n');

interface Call {
  name: string;
  send(agent: ApiAgent, importId: number, rowId: number): Promise<ApiResponse>;
  expected: Record<Role, number>;
  /** Whether a refused call must leave the import as it was. */
  mutates: boolean;
}

const OWNER_ONLY = { anonymous: 401, member: 404, owner: 200 };
const SIGNED_IN = { anonymous: 401, member: 200, owner: 200 };

for (const kind of TEST_DATABASES) {
  describe(`import permission matrix (${kind})`, () => {
    let app: TestApp;
    let agents: Record<Role, ApiAgent>;

    before(async () => {
      app = await startTestApp(kind, { loadImdbSample: true });
      const owner = await createUser(app, 'perm_importer');
      const member = await createUser(app, 'perm_other');
      agents = { anonymous: app.agent(), member: member.agent, owner: owner.agent };
    });
    after(() => app.close());

    const calls: Call[] = [
      { name: 'upload a file', send: (agent) => agent.post('/api/imports', fileForm(RATINGS, 'ratings.csv')), expected: SIGNED_IN, mutates: false },
      { name: 'list own imports', send: (agent) => agent.get('/api/imports'), expected: SIGNED_IN, mutates: false },
      { name: 'read an import', send: (agent, id) => agent.get(`/api/imports/${id}`), expected: OWNER_ONLY, mutates: false },
      { name: 'read its rows', send: (agent, id) => agent.get(`/api/imports/${id}/rows`), expected: OWNER_ONLY, mutates: false },
      { name: 'choose a row’s title', send: (agent, id, row) => agent.request('PATCH', `/api/imports/${id}/rows/${row}`, { tconst: null }), expected: OWNER_ONLY, mutates: true },
      { name: 'skip a list', send: (agent, id) => agent.request('PATCH', `/api/imports/${id}/lists/0`, { action: 'skip' }), expected: OWNER_ONLY, mutates: true },
      { name: 'confirm', send: (agent, id) => agent.post(`/api/imports/${id}/confirm`), expected: OWNER_ONLY, mutates: true },
      { name: 'download the report', send: (agent, id) => agent.get(`/api/imports/${id}/report.csv`), expected: OWNER_ONLY, mutates: false },
      { name: 'forget an import', send: (agent, id) => agent.delete(`/api/imports/${id}`), expected: OWNER_ONLY, mutates: true },
    ];

    const snapshot = async (id: number) => ({
      job: await app.database.db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst(),
      rows: await app.database.db.selectFrom('import_rows').selectAll().where('import_id', '=', id).orderBy('id').execute(),
      lists: await app.database.db.selectFrom('import_lists').selectAll().where('import_id', '=', id).execute(),
    });

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected[role]}`, async () => {
          const uploaded = await agents.owner.post('/api/imports', fileForm(LIST, 'favourites.csv'));
          assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
          const job = await settled(agents.owner, uploaded.body.import.id);
          assert.equal(job.status, 'ready', JSON.stringify(job));
          const [row] = (await agents.owner.get(`/api/imports/${job.id}/rows`)).body.rows;
          const before = await snapshot(job.id);
          const reply = await call.send(agents[role], job.id, row.id);
          assert.equal(reply.status, call.expected[role], JSON.stringify(reply.body));
          if (reply.status >= 400) assert.equal(typeof reply.body.error, 'string');
          if (call.mutates && reply.status >= 400) assert.deepEqual(await snapshot(job.id), before, 'a refused call changes nothing');
          // Whatever ran in the background finishes before the next case uploads.
          for (const id of [job.id, reply.body?.import?.id].filter((value): value is number => typeof value === 'number')) {
            if ((await agents.owner.get(`/api/imports/${id}`)).status === 200) await settled(agents.owner, id);
            if (role === 'member' && reply.status === 200 && id !== job.id) await settled(agents.member, id);
          }
        });
      }
    }
  });
}
