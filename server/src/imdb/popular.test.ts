import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addImdbTitle, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

interface PopularTitle {
  tconst: string;
  primary_title: string;
  start_year: number | null;
  genres: string | null;
  title_type: string;
}

for (const kind of TEST_DATABASES) {
  describe(`well-known titles to start a catalogue (${kind})`, () => {
    let app: TestApp;
    const popular = async (query = '') => {
      const reply = await app.agent().get(`/api/imdb/popular${query}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.success, true);
      return reply.body.results as PopularTitle[];
    };
    before(async () => {
      app = await startTestApp(kind, { loadImdbSample: true });
    });
    after(() => app.close());

    it('answers a visitor the twelve most-voted feature films of the index, with the search reply fields', async () => {
      const results = await popular();
      assert.equal(results.length, 12);
      assert.deepEqual(results[0], { tconst: 'tt0111161', primary_title: 'The Shawshank Redemption', start_year: 1994, genres: 'Drama', title_type: 'movie' });
      assert.deepEqual(
        results.slice(1, 6).map((title) => title.primary_title),
        ['The Dark Knight', 'Inception', 'Fight Club', 'Forrest Gump', 'Pulp Fiction'],
        'more votes first; equal votes by IMDb id',
      );
      assert.ok(results.every((title) => title.title_type === 'movie'));
    });

    it('leaves out titles already in the catalogue', async () => {
      const member = await createUser(app, 'popular_adder');
      const added = await member.agent.post('/api/movies', { imdb_id: 'tt0111161' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const ensured = await app.agent().post('/api/imdb/ensure', { tconst: 'tt0468569' });
      assert.equal(ensured.status, 200, JSON.stringify(ensured.body));
      const tconsts = (await popular()).map((title) => title.tconst);
      assert.equal(tconsts.length, 12);
      assert.ok(!tconsts.includes('tt0111161') && !tconsts.includes('tt0468569'));
      assert.equal(tconsts[0], 'tt1375666', 'Inception moves up');
    });

    it('leaves out series, episodes, adult titles and titles without votes, however they rank', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9700001', primary_title: 'Huge Series', title_type: 'tvSeries', num_votes: 90_000_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9700002', primary_title: 'Huge Adult Film', is_adult: 1, num_votes: 90_000_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9700003', primary_title: 'Unvoted Film', num_votes: null });
      await addImdbTitle(app.database.db, { tconst: 'tt9700004', primary_title: 'Hugely Voted Film', num_votes: 80_000_000 });
      const results = await popular('?limit=50');
      assert.equal(results[0].primary_title, 'Hugely Voted Film');
      const titles = results.map((title) => title.primary_title);
      for (const left of ['Huge Series', 'Huge Adult Film', 'Unvoted Film']) assert.ok(!titles.includes(left), left);
    });

    it('keeps to the limit, at most 50, and refuses a limit that is not a whole number', async () => {
      assert.equal((await popular('?limit=3')).length, 3);
      assert.equal((await popular('?limit=500')).length, 50);
      for (const limit of ['lots', '0', '-2', '2.5']) {
        const reply = await app.agent().get(`/api/imdb/popular?limit=${limit}`);
        assert.equal(reply.status, 400, limit);
        assert.deepEqual(reply.body, { success: false, error: 'Limit must be a whole number from 1 to 50.', code: 'invalid_input' });
      }
    });
  });
}
