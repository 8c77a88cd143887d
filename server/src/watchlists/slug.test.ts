import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** List addresses: the name lowercased, other characters as hyphens, at most 60 characters, 'list' when nothing is left. */
for (const kind of TEST_DATABASES) {
  describe(`list slugs in the addresses the server builds (${kind})`, () => {
    let app: TestApp;
    let owner: SignedInUser;

    before(async () => {
      app = await startTestApp(kind);
      owner = await createUser(app, 'slug_owner');
    });
    after(() => app?.close());

    async function create(name: string) {
      const reply = await owner.agent.post('/api/watchlists/public', { name });
      assert.equal(reply.status, 200);
      const id = reply.body.watchlist.id as number;
      const listed = (await app.agent().get('/api/watchlists/public')).body.watchlists.find((list: { id: number }) => list.id === id);
      return { id, created: reply.body.watchlist, listed };
    }

    it('cuts a long name to 60 characters', async () => {
      const { id, created, listed } = await create('Bad Movie Night: The Extraordinarily Long Marathon of Terrible Films, Volume Two');
      const slug = 'bad-movie-night-the-extraordinarily-long-marathon-of-terribl';
      assert.equal(slug.length, 60);
      assert.equal(created.slug, slug);
      assert.equal(listed.slug, slug);
      assert.equal(created.stremio_path, `/api/watchlist/${id}-${slug}/stremio/manifest.json`);
      const manifest = await fetch(app.url + created.stremio_path);
      assert.equal(manifest.status, 200);
    });

    it('drops a hyphen left at the end by the cut', async () => {
      const { created } = await create(`${'A'.repeat(59)} B`);
      assert.equal(created.slug, 'a'.repeat(59));
    });

    it("uses 'list' for a name with no letters or digits", async () => {
      const { id, created, listed } = await create('!!! ★★★ ???');
      assert.equal(created.slug, 'list');
      assert.equal(listed.slug, 'list');
      assert.equal(created.stremio_path, `/api/watchlist/${id}-list/stremio/manifest.json`);
      assert.equal((await fetch(app.url + created.stremio_path)).status, 200);
    });
  });
}
