import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** Who calls: nobody signed in, another member, the member whose history it is. */
type Role = 'anonymous' | 'member' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'owner'];
const FORMATS = ['letterboxd', 'movieclub', 'csv'] as const;

for (const kind of TEST_DATABASES) {
  describe(`export permission matrix (${kind})`, () => {
    let app: TestApp;
    let cookies: Record<Role, string>;

    before(async () => {
      app = await startTestApp(kind);
      const owner = await createUser(app, 'perm_exporter');
      const member = await createUser(app, 'perm_other');
      cookies = { anonymous: '', member: member.agent.cookieHeader, owner: owner.agent.cookieHeader };
      const movie = await addMovie(app.database.db, { title: 'Exported Feature' });
      assert.equal((await owner.agent.post('/api/review', { movie_id: movie.id, stars: 8, text: 'Mine alone.' })).status, 200);
    });
    after(() => app.close());

    for (const format of FORMATS) {
      for (const role of ROLES) {
        const expected = role === 'anonymous' ? 401 : 200;
        it(`export as ${format}: ${role} → ${expected}, and only their own history`, async () => {
          const response = await fetch(`${app.url}/api/export?format=${format}`, { headers: cookies[role] ? { cookie: cookies[role] } : {} });
          assert.equal(response.status, expected);
          const bytes = Buffer.from(await response.arrayBuffer());
          if (role === 'anonymous') {
            assert.equal(JSON.parse(bytes.toString('utf8')).error, 'You must be signed in to export your history.');
            return;
          }
          assert.equal(response.headers.get('content-type'), 'application/zip');
          const name = role === 'owner' ? 'perm_exporter' : 'perm_other';
          assert.match(response.headers.get('content-disposition') ?? '', new RegExp(`filename="movieclub-${name}-${format}-`));
          const text = Object.values(unzipSync(bytes)).map((data) => Buffer.from(data).toString('utf8')).join('\n');
          assert.equal(text.includes('Exported Feature'), role === 'owner');
        });
      }
    }
  });
}
