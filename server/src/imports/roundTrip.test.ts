import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent } from '../testing/client';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { parseImportFile } from './formats/parse';
import { confirmAndApply, uploadAndRead } from './testing';

/** What a member owns, as the API shows it, with ids and moments that differ between servers left out. */
async function holdings(app: TestApp, agent: ApiAgent, username: string) {
  const tconstOf = new Map((await app.database.db.selectFrom('movies').select(['id', 'tconst']).execute()).map((movie) => [movie.id, movie.tconst]));
  const reviews = await app.database.db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select(['m.tconst', 'r.stars', 'r.ttm_rating', 'r.pain_level', 'r.smoke_alarms', 'r.equipment_seen', 'r.estimated_budget', 'r.text'])
    .where('u.username', '=', username)
    .orderBy('m.tconst')
    .execute();
  const diary = (await agent.get(`/api/users/${username}/diary?limit=200`)).body.viewings as {
    movie_id: number;
    watched_on: string | null;
    rewatch: boolean;
    place: string | null;
    note: string | null;
    with: { username: string }[];
    tagged: boolean;
  }[];
  const viewings = diary
    .filter((entry) => !entry.tagged)
    .map((entry) => ({ tconst: tconstOf.get(entry.movie_id), day: entry.watched_on, rewatch: entry.rewatch, place: entry.place, note: entry.note, with: entry.with.map((m) => m.username) }));
  const owned = await app.database.db
    .selectFrom('watchlists as w')
    .innerJoin('users as u', 'u.id', 'w.owner_id')
    .select('w.id')
    .where('u.username', '=', username)
    .execute();
  const lists = [];
  for (const { id } of owned) {
    const list = (await agent.get(`/api/watchlists/${id}`)).body.watchlist;
    lists.push({
      name: list.name,
      personal: list.is_personal,
      description: list.description,
      moderators: list.moderators,
      items: list.items.map((item: { id: number }) => tconstOf.get(item.id)),
    });
  }
  lists.sort((a, b) => a.name.localeCompare(b.name));
  return { reviews, viewings, lists };
}

for (const kind of TEST_DATABASES) {
  describe(`export and import back (${kind})`, () => {
    let source: TestApp;
    let target: TestApp;
    let ann: SignedInUser;

    before(async () => {
      [source, target] = await Promise.all([startTestApp(kind, { loadImdbSample: true }), startTestApp(kind, { loadImdbSample: true })]);
      ann = await createUser(source, 'trip_ann');
      await createUser(source, 'trip_bob');
      await createUser(target, 'trip_bob');
      const movie = async (tconst: string) => {
        const reply = await ann.agent.post('/api/imdb/ensure', { tconst });
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        return reply.body.movie.id as number;
      };
      const amelie = await movie('tt0211915');
      const dune = await movie('tt1160419');
      const wicker = await movie('tt0070917');
      await ann.agent.post('/api/review', {
        movie_id: amelie,
        stars: 9,
        ttm_rating: 'A',
        pain_level: 2,
        smoke_alarms: false,
        equipment_seen: true,
        estimated_budget: '10000-50000',
        text: 'Lovely, "whimsical", and long.\nSecond line.',
      });
      await ann.agent.post('/api/review', { movie_id: dune, stars: 7 });
      await ann.agent.post('/api/viewings', { movie_id: dune, watched_on: '2024-03-01', with: ['trip_bob'], place: 'Cinema', note: 'Loud.' });
      await ann.agent.post('/api/viewings', { movie_id: dune, watched_on: '2024-04-01', rewatch: true });
      await ann.agent.post('/api/watchlists/mine/items', { movie_id: wicker });
      const list = await ann.agent.post('/api/watchlists/public', { name: 'Folk "horror", etc.' });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const listId = list.body.watchlist.id as number;
      await ann.agent.post(`/api/watchlists/${listId}/items`, { movie_id: wicker });
      await ann.agent.post(`/api/watchlists/${listId}/items`, { movie_id: amelie });
      await ann.agent.request('PUT', `/api/watchlists/${listId}/description`, { description: '<p>Best <strong>at night</strong>.</p>' });
      await ann.agent.post('/api/add_moderator', { watchlist_id: listId, username: 'trip_bob' });
    });
    after(() => Promise.all([source?.close(), target?.close()]));

    it('restores reviews with every club field, viewings with companions, and lists with order, description and moderators', async () => {
      const exported = await ann.agent.get('/api/export?format=movieclub');
      assert.equal(exported.status, 200);
      assert.equal(exported.headers.get('content-type'), 'application/zip');
      const bytes = new Uint8Array(await (await fetch(`${source.url}/api/export?format=movieclub`, { headers: { cookie: ann.agent.cookieHeader } })).arrayBuffer());

      const newcomer = await createUser(target, 'trip_ann');
      const job = await uploadAndRead(newcomer.agent, bytes, 'movieclub-export.zip');
      assert.equal(job.source, 'movieclub', JSON.stringify(job));
      assert.equal(job.counts.unmatched + job.counts.ambiguous, 0);
      await confirmAndApply(newcomer.agent, job.id);

      const before = await holdings(source, ann.agent, 'trip_ann');
      const restored = await holdings(target, newcomer.agent, 'trip_ann');
      assert.ok(before.reviews.length === 2 && before.viewings.length >= 2 && before.lists.length === 2, JSON.stringify(before));
      assert.deepEqual(restored, before);

      // A second import of the same export repeats nothing.
      const again = await uploadAndRead(newcomer.agent, bytes, 'movieclub-export.zip');
      const repeat = await confirmAndApply(newcomer.agent, again.id);
      assert.deepEqual(repeat.result!.added, { movies: 0, reviews: 0, viewings: 0, watchlist: 0, lists: 0, list_items: 0 });
      assert.deepEqual(await holdings(target, newcomer.agent, 'trip_ann'), before);
    });

    it('writes a Letterboxd export that reads back to the same ratings, days and lists', async () => {
      const response = await fetch(`${source.url}/api/export?format=letterboxd`, { headers: { cookie: ann.agent.cookieHeader } });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="movieclub-trip_ann-letterboxd-\d{4}-\d{2}-\d{2}\.zip"$/);
      const parsed = await parseImportFile(Buffer.from(await response.arrayBuffer()), 'letterboxd.zip');
      assert.equal(parsed.source, 'letterboxd');
      const ratings = parsed.rows.filter((row) => row.kind === 'rating').map((row) => [row.tconst, row.stars]);
      const days = parsed.rows.filter((row) => row.kind === 'diary').map((row) => [row.tconst, row.watchedOn, row.rewatch]);
      const lists = parsed.lists.map((list) => [list.name, parsed.rows.filter((row) => row.list === list.index).map((row) => [row.position, row.tconst])]);
      const { reviews, viewings } = await holdings(source, ann.agent, 'trip_ann');
      assert.deepEqual(ratings.sort(), reviews.map((review) => [review.tconst, review.stars]).sort());
      assert.deepEqual(
        days.sort(),
        viewings.filter((viewing) => viewing.day !== null).map((viewing) => [viewing.tconst, viewing.day, viewing.rewatch]).sort(),
      );
      assert.equal(lists.length, 1);
      assert.match(String(lists[0]![0]), /^Folk .horror., etc\.$/, 'the list keeps its name (as far as a file name can)');
      assert.deepEqual(lists[0]![1], [
        [1, 'tt0070917'],
        [2, 'tt0211915'],
      ]);
      const watchlist = parsed.rows.filter((row) => row.kind === 'watchlist').map((row) => row.tconst);
      assert.deepEqual(watchlist, ['tt0070917']);
    });
  });
}
