import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importImdbFiles } from '../imdb/importer';
import { BASICS_HEADER, RATINGS_HEADER } from '../imdb/parse';
import { addImdbTitle, addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { type RatingColumns, ratingsOfRaters, ratingsOfRatersOfEach, unpackRatings } from './queries';
import { coRatingsFor } from './service';

const ITEM_FIELDS = ['imdb_id', 'movie_id', 'poster', 'reason', 'review', 'title'];

for (const kind of TEST_DATABASES) {
  describe(`recommendations (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    const db = () => app.database.db;
    /** A title in the IMDb index and, with `catalogue`, in the catalogue too. */
    async function title(tconst: string, genres: string, year: number, catalogue = true) {
      await addImdbTitle(db(), { tconst, primary_title: `Film ${tconst}`, genres, start_year: year, num_votes: 5000, average_rating: 7 });
      if (!catalogue) return null;
      return addMovie(db(), { tconst, title: `Film ${tconst}`, genres, year, release_date: `${year}-06-01` });
    }
    const recommendations = async (tconst: string) => {
      const reply = await app.agent().get(`/api/recommendations/${tconst}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.success, true);
      return reply.body.items as Array<{ movie_id: number | null; imdb_id: string; title: string; poster: string | null; review: string; reason: unknown }>;
    };

    it('ranks a film co-rated highly with the source above an unrelated one, and never the source', async () => {
      const source = (await title('tt1000001', 'Horror,Comedy', 1987))!;
      // Same facts for all three, tconsts ordered against the expected ranking, so only co-ratings can order them.
      const disliked = (await title('tt1000002', 'Horror,Comedy', 1987))!;
      const unrelated = (await title('tt1000003', 'Horror,Comedy', 1987))!;
      const coRated = (await title('tt1000004', 'Horror,Comedy', 1987))!;
      const otherGenre = (await title('tt1000005', 'Romance', 1995))!;

      const fans = await Promise.all([1, 2, 3].map((n) => createUser(app, `fan_${kind}_${n}`)));
      for (const fan of fans) {
        await addReview(db(), { user_id: fan.id, movie_id: source.id, stars: 9 });
        await addReview(db(), { user_id: fan.id, movie_id: coRated.id, stars: 9 });
        await addReview(db(), { user_id: fan.id, movie_id: otherGenre.id, stars: 10 });
        await addReview(db(), { user_id: fan.id, movie_id: disliked.id, stars: 2 });
      }
      const strangers = await Promise.all([1, 2].map((n) => createUser(app, `stranger_${kind}_${n}`)));
      for (const stranger of strangers) await addReview(db(), { user_id: stranger.id, movie_id: unrelated.id, stars: 9 });
      await addReview(db(), { user_id: strangers[0].id, movie_id: coRated.id, stars: 8, text: '  Gooey practical   effects and real laughs. ' });

      const items = await recommendations(source.tconst);
      const rank = (tconst: string) => items.findIndex((item) => item.imdb_id === tconst);
      for (const item of items) assert.deepEqual(Object.keys(item).sort(), ITEM_FIELDS);
      assert.ok(rank(coRated.tconst) >= 0 && rank(unrelated.tconst) >= 0, JSON.stringify(items));
      assert.ok(rank(coRated.tconst) < rank(unrelated.tconst), 'co-rated above unrelated');
      assert.ok(rank(unrelated.tconst) < rank(disliked.tconst), 'a film the same raters disliked sinks');
      assert.ok(rank(otherGenre.tconst) >= 0, 'co-rating alone brings in a film of another genre');
      assert.equal(rank(source.tconst), -1);
      assert.ok(items.every((item) => item.movie_id !== source.id));

      const top = items[rank(coRated.tconst)];
      assert.equal(top.movie_id, coRated.id);
      assert.equal(top.title, 'Film tt1000004');
      assert.equal(top.review, 'Gooey practical effects and real laughs.', 'the best review on this site, tidied');
      assert.equal(items[rank(unrelated.tconst)].review, 'Also Horror and Comedy, 1987', 'no review text: a reason');
      // The reason also comes as parts, for clients that word it in another language; a review has none.
      assert.deepEqual(items[rank(unrelated.tconst)].reason, { kind: 'also', genres: ['Horror', 'Comedy'], year: 1987 });
      assert.equal(top.reason, null);
      assert.equal(items[rank(otherGenre.tconst)].review, 'Rated alike by reviewers here, 1995');

      // A better review saved in the app speaks for the film from then on, wherever it is recommended.
      const critic = await createUser(app, `critic_${kind}`);
      const saved = await critic.agent.post('/api/review', { movie_id: coRated.id, stars: 10, text: 'The best creature feature of its decade.' });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      for (const from of [source.tconst, unrelated.tconst]) {
        const again = (await recommendations(from)).find((item) => item.imdb_id === coRated.tconst);
        assert.equal(again?.review, 'The best creature feature of its decade.', from);
      }
    });

    it('with no ratings, offers genre neighbours from the index, up to 15, not yet in the catalogue', async () => {
      const source = (await title('tt2000001', 'Western', 1965))!;
      for (let n = 2; n <= 21; n++) await title(`tt20000${String(n).padStart(2, '0')}`, 'Western', 1960 + (n % 10), false);
      await title('tt2000099', 'Animation', 2010, false);

      const items = await recommendations(source.tconst);
      assert.equal(items.length, 15);
      assert.ok(items.every((item) => item.imdb_id.startsWith('tt20000') && item.imdb_id !== source.tconst), JSON.stringify(items));
      const first = items[0];
      assert.equal(first.movie_id, null);
      assert.equal(first.poster, `/api/posters/${first.imdb_id}.svg`, 'the poster the server draws');
      const poster = await app.agent().get(first.poster!);
      assert.equal(poster.status, 200);
      assert.match(poster.headers.get('content-type') ?? '', /image\/svg\+xml/);
      assert.match(first.title, /^Film tt20000\d\d$/);
      assert.match(first.review, /^Also Western, 196\d$/);
    });

    it("finds a title's own era when the years around it hold many more popular titles of its genre", async () => {
      const source = await addImdbTitle(db(), { tconst: 'tt3500001', genres: 'Film-Noir', start_year: 2000, num_votes: 50_000, average_rating: 7 });
      // Far better known, just outside the source's era (2000 ± 10), filling any list of its genre around it.
      for (let n = 0; n < 170; n++) {
        await addImdbTitle(db(), { tconst: `tt35${String(10_000 + n).padStart(5, '0')}`, genres: 'Film-Noir', start_year: 2012 + (n % 3), num_votes: 1_000_000 + n, average_rating: 7 });
      }
      const ofItsEra = ['tt3590001', 'tt3590002', 'tt3590003'];
      for (const tconst of ofItsEra) await addImdbTitle(db(), { tconst, genres: 'Film-Noir', start_year: 1995, num_votes: 20_000, average_rating: 7 });

      const items = await recommendations(source.tconst);
      assert.equal(items.length, 15);
      assert.deepEqual(items.slice(0, 3).map((item) => [item.imdb_id, item.review]), ofItsEra.map((tconst) => [tconst, 'Also Film-Noir, 1995']));
    });

    it('recommends for a title only in the index, never the title itself', async () => {
      await title('tt3000001', 'Sci-Fi,Thriller', 1982, false);
      const neighbour = (await title('tt3000002', 'Sci-Fi', 1979))!;
      await title('tt3000003', 'Musical', 1982, false);
      const items = await recommendations('tt3000001');
      assert.deepEqual(
        items.filter((item) => item.imdb_id.startsWith('tt30')).map((item) => [item.imdb_id, item.movie_id, item.review]),
        [['tt3000002', neighbour.id, 'Also Sci-Fi, 1979']],
      );
    });

    it('shows a title as a catalogue movie once it is added, however many answers were computed before', async () => {
      const source = (await title('tt5000001', 'Mystery', 1940))!;
      await title('tt5000002', 'Mystery', 1941, false);
      const mystery = async () =>
        (await recommendations(source.tconst)).filter((item) => item.imdb_id.startsWith('tt50')).map((item) => [item.imdb_id, item.movie_id]);
      assert.deepEqual(await mystery(), [['tt5000002', null]]);
      // A saved review makes the answer be computed again, from what was kept of the movies.
      const member = await createUser(app, `mystery_${kind}`);
      assert.equal((await member.agent.post('/api/review', { movie_id: source.id, stars: 7 })).status, 200);
      assert.deepEqual(await mystery(), [['tt5000002', null]]);

      const added = await app.agent().post('/api/imdb/ensure', { tconst: 'tt5000002' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual(await mystery(), [['tt5000002', added.body.movie.id]]);
      // The new movie's own recommendations find the source as a catalogue movie too.
      const back = (await recommendations('tt5000002')).filter((item) => item.imdb_id.startsWith('tt50'));
      assert.deepEqual(back.map((item) => [item.imdb_id, item.movie_id]), [['tt5000001', source.id]]);
    });

    it('finds a movie added with an id below one seen before, as PostgreSQL can commit them', async () => {
      const source = (await title('tt6000001', 'Sport', 1960))!;
      const found = async () =>
        (await recommendations(source.tconst))
          .filter((item) => item.imdb_id.startsWith('tt60'))
          .map((item) => [item.imdb_id, item.movie_id])
          .sort();
      // A first answer sees a movie with a high id...
      await addMovie(db(), { id: 900_000, tconst: 'tt6000003', title: 'Film tt6000003', genres: 'Sport', year: 1962 });
      assert.deepEqual(await found(), [['tt6000003', 900_000]]);
      // ...and the next movie takes a lower one on PostgreSQL, whose sequence never saw it. It shares no
      // genre with the source, so only the ratings of a member who rated both bring it in, by its id.
      await title('tt6000002', 'Biography', 1990, false);
      const added = await app.agent().post('/api/imdb/ensure', { tconst: 'tt6000002' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      if (kind === 'postgres') assert.ok(added.body.movie.id < 900_000, `id ${added.body.movie.id}`);
      const member = await createUser(app, `sport_${kind}`);
      for (const movieId of [source.id, added.body.movie.id]) {
        assert.equal((await member.agent.post('/api/review', { movie_id: movieId, stars: 9 })).status, 200);
      }
      assert.deepEqual(await found(), [['tt6000002', added.body.movie.id], ['tt6000003', 900_000]]);
    });

    it('takes in what an IMDb import changes, with reviews saved in between', async () => {
      const source = (await title('tt4000001', 'Film-Noir', 1950))!;
      await title('tt4000002', 'Film-Noir', 1948, false);
      const noir = async () => (await recommendations(source.tconst)).filter((item) => item.imdb_id.startsWith('tt40')).map((item) => item.title);
      assert.deepEqual(await noir(), ['Film tt4000002']);
      const member = await createUser(app, `noir_${kind}`);
      assert.equal((await member.agent.post('/api/review', { movie_id: source.id, stars: 8 })).status, 200);
      assert.deepEqual(await noir(), ['Film tt4000002']);

      // A new title and a renamed one, written by the importer.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recommendations-import-'));
      try {
        const basics = path.join(dir, 'title.basics.tsv');
        fs.writeFileSync(
          basics,
          [BASICS_HEADER, 'tt4000002\tmovie\tThe Third Noir\t\\N\t0\t1948\t\\N\t90\tFilm-Noir', 'tt4000003\tmovie\tNight Noir\t\\N\t0\t1951\t\\N\t90\tFilm-Noir'].join('\n'),
        );
        const ratings = path.join(dir, 'title.ratings.tsv');
        fs.writeFileSync(ratings, [RATINGS_HEADER, 'tt4000003\t7.5\t80000'].join('\n'));
        await importImdbFiles(db(), [basics, ratings]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      assert.deepEqual((await noir()).sort(), ['Night Noir', 'The Third Noir']);
    });

    it("keeps a film's excerpt through quick ratings, and changes it when a review with text is rated or cleared", async () => {
      const source = (await title('tt3800001', 'Western', 1966))!;
      const film = (await title('tt3800002', 'Western', 1966))!;
      const excerptOf = async () => (await recommendations(source.tconst)).find((item) => item.imdb_id === film.tconst)?.review;
      const post = async (member: { agent: ReturnType<TestApp['agent']> }, body: Record<string, unknown>) => {
        const reply = await member.agent.post('/api/review', body);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
      };
      const [alpha, beta, rater] = await Promise.all(['alpha', 'beta', 'rater'].map((name) => createUser(app, `texts_${name}_${kind}`)));
      await post(alpha, { movie_id: film.id, stars: 8, text: 'Alpha take.' });
      await post(beta, { movie_id: film.id, stars: 7, text: 'Beta take.' });
      assert.equal(await excerptOf(), 'Alpha take.', 'the review with the most stars');
      await post(rater, { movie_id: film.id, stars: 10 });
      assert.equal(await excerptOf(), 'Alpha take.', 'a rating without text speaks for nobody');
      await post(beta, { movie_id: film.id, stars: 9 });
      assert.equal(await excerptOf(), 'Beta take.', "a quick rating of a review with text moves it up, its text kept");
      await post(beta, { movie_id: film.id, stars: 9, text: '' });
      assert.equal(await excerptOf(), 'Alpha take.', 'a cleared text no longer speaks');
    });

    it('never quotes a review marked as a spoiler, and drops a quote once its review is marked', async () => {
      const source = (await title('tt3700001', 'Western', 1966))!;
      const film = (await title('tt3700002', 'Western', 1966))!;
      const excerptOf = async () => (await recommendations(source.tconst)).find((item) => item.imdb_id === film.tconst)?.review;
      const post = async (member: { agent: ReturnType<TestApp['agent']> }, body: Record<string, unknown>) => {
        const reply = await member.agent.post('/api/review', body);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
      };
      const [teller, critic] = await Promise.all(['teller', 'critic'].map((name) => createUser(app, `spoiler_${name}_${kind}`)));
      await post(teller, { movie_id: film.id, stars: 10, text: 'The sheriff was the ghost all along.', spoiler: true });
      await post(critic, { movie_id: film.id, stars: 7, text: 'Dusty and patient.' });
      assert.equal(await excerptOf(), 'Dusty and patient.', 'the best review that gives nothing away');
      await post(critic, { movie_id: film.id, stars: 7, spoiler: true });
      assert.equal(await excerptOf(), 'Also Western, 1966', 'every review with text gives the plot away: a reason');
      await post(teller, { movie_id: film.id, stars: 10, spoiler: false });
      assert.equal(await excerptOf(), 'The sheriff was the ghost all along.', 'no longer marked: it speaks again');
    });

    it('adds up co-ratings in the database past the reading limit, with the same similarities', async () => {
      const movies = [];
      for (let index = 0; index < 6; index++) movies.push((await title(`tt390000${index}`, 'Drama', 2001))!);
      const [source, ...others] = movies;
      const raters = await Promise.all(Array.from({ length: 9 }, (_, n) => createUser(app, `corater_${kind}_${n}`)));
      // Varied stars (and one rater of the source alone), so every rater's mean and every pair differ.
      for (const [n, rater] of raters.entries()) {
        await addReview(db(), { user_id: rater.id, movie_id: source.id, stars: 1 + ((n * 4) % 10) });
        if (n === 0) continue;
        for (const [m, other] of others.entries()) if ((n + m) % 3 !== 0) await addReview(db(), { user_id: rater.id, movie_id: other.id, stars: 1 + ((n * 7 + m * 3) % 10) });
      }
      const read = await coRatingsFor(db(), source.id, Number.MAX_SAFE_INTEGER);
      const added = await coRatingsFor(db(), source.id, 10);
      assert.deepEqual([...added.keys()].sort(), [...read.keys()].sort());
      assert.equal(read.size, others.length);
      assert.ok(new Set([...read.values()].map((rating) => rating.similarity.toFixed(6))).size > 1, 'the movies differ in similarity');
      for (const [movieId, rating] of read) {
        assert.equal(added.get(movieId)!.common, rating.common, `raters in common with movie ${movieId}`);
        assert.ok(Math.abs(added.get(movieId)!.similarity - rating.similarity) < 1e-9, `similarity to movie ${movieId}: ${added.get(movieId)!.similarity} against ${rating.similarity}`);
      }
      // Several sources read at once, as for calls asking together: each gets its own raters' ratings, up to the limit.
      const ids = movies.map((movie) => movie.id);
      const rowKey = (row: { movie_id: number; user_id: number; stars: number }) => `${row.movie_id}:${row.user_id}:${row.stars}`;
      const columnKeys = ({ movieIds, userIds, stars }: RatingColumns) => movieIds.map((movieId, index) => `${movieId}:${userIds[index]}:${stars[index]}`);
      const together = await ratingsOfRatersOfEach(db(), ids, Number.MAX_SAFE_INTEGER);
      for (const id of ids) {
        const alone = await ratingsOfRaters(db(), id, Number.MAX_SAFE_INTEGER);
        assert.ok(alone.length > 0, `movie ${id} has raters`);
        assert.deepEqual(columnKeys(together.get(id)!).sort(), alone.map(rowKey).sort(), `movie ${id}`);
      }
      const cut = await ratingsOfRatersOfEach(db(), ids, 3);
      assert.deepEqual(ids.map((id) => cut.get(id)!.stars.length), ids.map(() => 3));
    });

    it('refuses an address that is not an IMDb id and says when the title is unknown', async () => {
      for (const bad of ['abc', 'tt12', '1234567', 'tt1234567x']) {
        const reply = await app.agent().get(`/api/recommendations/${bad}`);
        assert.equal(reply.status, 400, bad);
        assert.deepEqual(reply.body, { success: false, error: 'An IMDb id is tt followed by at least 7 digits (e.g., tt0111161).', code: 'invalid_input' });
      }
      const unknown = await app.agent().get('/api/recommendations/tt0000000');
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body, { success: false, error: 'No IMDb title tt0000000 found.', code: 'imdb_title_not_found' });
    });
  });
}

describe('ratings packed as one text', () => {
  it('reads back every rating, in order, with numbers of any length', () => {
    assert.deepEqual(unpackRatings('12,7,10,3,123456,1,900001,2,9'), { movieIds: [12, 3, 900001], userIds: [7, 123456, 2], stars: [10, 1, 9] });
    assert.deepEqual(unpackRatings('5,6,7'), { movieIds: [5], userIds: [6], stars: [7] });
    assert.deepEqual(unpackRatings(null), { movieIds: [], userIds: [], stars: [] });
    assert.deepEqual(unpackRatings(''), { movieIds: [], userIds: [], stars: [] });
  });
});
