import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { latestViewingDate } from '@movieclub/contract';
import Parser from 'rss-parser';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

for (const kind of TEST_DATABASES) {
  describe(`the diary (${kind})`, () => {
    let app: TestApp;
    let ann: SignedInUser;
    let bob: SignedInUser;
    let cat: SignedInUser;
    let movieId: number;
    let otherMovieId: number;

    before(async () => {
      app = await startTestApp(kind);
      ann = await createUser(app, 'diary_ann');
      bob = await createUser(app, 'diary_bob');
      cat = await createUser(app, 'Diary_Cat');
      movieId = (await addMovie(app.database.db, { title: 'Diary Feature', length: 120, year: 1999, poster: '/posters/diary.jpg' })).id;
      otherMovieId = (await addMovie(app.database.db, { title: 'Second Feature', length: 90 })).id;
    });
    after(() => app.close());

    const viewingCount = async () =>
      Number((await app.database.db.selectFrom('viewings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    it('logs viewings, marking a later one a rewatch unless told otherwise, with the tagged members', async () => {
      const first = await ann.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-03-01', with: ['DIARY_BOB'], place: ' cinema ', note: 'Front row.' });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.deepEqual(
        { ...first.body.viewing, id: 0, created_at: '' },
        { id: 0, created_at: '', movie_id: movieId, watched_on: '2025-03-01', rewatch: false, with: [{ username: 'diary_bob', profile_picture: null }], place: 'cinema', note: 'Front row.' },
      );
      const second = await ann.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-06-01' });
      assert.equal(second.body.viewing.rewatch, true, 'an earlier viewing exists');
      const told = await ann.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-07-01', rewatch: false });
      assert.equal(told.body.viewing.rewatch, false);
      const earlierThanAll = await ann.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2024-01-01' });
      assert.equal(earlierThanAll.body.viewing.rewatch, false, 'nothing before it');
      const today = await ann.agent.post('/api/viewings', { movie_id: otherMovieId });
      assert.equal(today.body.viewing.watched_on, new Date().toISOString().slice(0, 10));
    });

    it('refuses bad dates, unknown or self tags and movies outside the catalogue, writing nothing', async () => {
      const before = await viewingCount();
      const refusals: [unknown, number, string][] = [
        [{ movie_id: movieId, watched_on: '2025-02-30' }, 400, 'Watched date must be a real date written YYYY-MM-DD (e.g. 2026-11-25).'],
        [{ movie_id: movieId, watched_on: '1 March 2025' }, 400, 'Watched date must be a real date written YYYY-MM-DD (e.g. 2026-11-25).'],
        [{ movie_id: movieId, watched_on: dayAfter(latestViewingDate()) }, 400, 'Watched date cannot be in the future.'],
        [{ movie_id: movieId, watched_on: '1869-12-31' }, 400, 'Watched date cannot be before 1870.'],
        [{ movie_id: movieId, with: ['diary_bob', 'nobody_here'] }, 400, 'No member is called nobody_here.'],
        [{ movie_id: movieId, with: ['Diary_Ann'] }, 400, 'You cannot tag yourself in your own viewing.'],
        [{ movie_id: 999_999 }, 404, 'That movie is not in the catalogue.'],
        [{ movie_id: movieId, rewatch: 'yes' }, 400, 'Rewatch must be true or false.'],
        [{ movie_id: movieId, place: 'x'.repeat(101) }, 400, 'Place must be at most 100 characters.'],
      ];
      for (const [body, status, error] of refusals) {
        const reply = await ann.agent.post('/api/viewings', body);
        assert.deepEqual([reply.status, reply.body.error], [status, error], JSON.stringify(body));
      }
      assert.equal((await app.agent().post('/api/viewings', { movie_id: movieId })).body.error, 'You must be signed in to log a viewing.');
      assert.equal(await viewingCount(), before);
    });

    it('lets only the viewer change or delete a viewing', async () => {
      const logged = await bob.agent.post('/api/viewings', { movie_id: otherMovieId, watched_on: '2025-05-05' });
      const id = logged.body.viewing.id as number;
      for (const agent of [ann.agent, cat.agent]) {
        const patched = await agent.request('PATCH', `/api/viewings/${id}`, { note: 'Not mine.' });
        assert.deepEqual([patched.status, patched.body.error], [403, 'You can only change your own viewings.']);
        const deleted = await agent.delete(`/api/viewings/${id}`);
        assert.deepEqual([deleted.status, deleted.body.error], [403, 'You can only change your own viewings.']);
      }
      assert.equal((await app.agent().request('PATCH', `/api/viewings/${id}`, { note: 'x' })).status, 401);
      const unchanged = await app.database.db.selectFrom('viewings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(unchanged.note, null);

      const changed = await bob.agent.request('PATCH', `/api/viewings/${id}`, { watched_on: '2025-05-06', rewatch: true, with: ['diary_cat'], note: 'Better the second time.' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual([changed.body.viewing.watched_on, changed.body.viewing.rewatch, changed.body.viewing.with.map((m: { username: string }) => m.username), changed.body.viewing.note], [
        '2025-05-06',
        true,
        ['Diary_Cat'],
        'Better the second time.',
      ]);
      const badDate = await bob.agent.request('PATCH', `/api/viewings/${id}`, { watched_on: '2025-13-01' });
      assert.equal(badDate.status, 400);
      assert.equal((await bob.agent.request('PATCH', '/api/viewings/999999', { note: 'x' })).status, 404);
      assert.equal((await bob.agent.delete(`/api/viewings/${id}`)).status, 200);
      assert.equal(await app.database.db.selectFrom('viewings').select('id').where('id', '=', id).executeTakeFirst(), undefined);
    });

    it("shows a diary newest first with movies and stars, the viewings one was tagged in until logged, filtered by month", async () => {
      await ann.agent.post('/api/review', { movie_id: movieId, stars: 8 });
      const diary = await app.agent().get('/api/users/diary_ann/diary');
      assert.equal(diary.status, 200, JSON.stringify(diary.body));
      const dates = diary.body.viewings.map((entry: { watched_on: string }) => entry.watched_on);
      assert.deepEqual(dates, [...dates].sort().reverse());
      const march = diary.body.viewings.find((entry: { watched_on: string }) => entry.watched_on === '2025-03-01');
      assert.deepEqual([march.movie.title, march.movie.poster, march.movie.year, march.stars, march.tagged], ['Diary Feature', '/posters/diary.jpg', 1999, 8, false]);

      // Bob was tagged in Ann's March viewing: his diary shows it as hers until he logs it himself.
      const bobsMarch = await app.agent().get('/api/users/diary_bob/diary?year=2025&month=3');
      assert.deepEqual(
        bobsMarch.body.viewings.map((entry: { user: { username: string }; tagged: boolean; stars: number | null }) => [entry.user.username, entry.tagged, entry.stars]),
        [['diary_ann', true, null]],
      );
      assert.equal(bobsMarch.body.total, 1);
      const added = await bob.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-03-01', with: ['diary_ann'] });
      assert.equal(added.status, 200);
      const after = await app.agent().get('/api/users/diary_bob/diary?year=2025&month=3');
      assert.deepEqual(after.body.viewings.map((entry: { user: { username: string }; tagged: boolean }) => [entry.user.username, entry.tagged]), [['diary_bob', false]]);

      const year = await app.agent().get('/api/users/diary_ann/diary?year=2025&limit=2&offset=1');
      assert.equal(year.body.total, 3);
      assert.deepEqual(year.body.viewings.map((entry: { watched_on: string }) => entry.watched_on), ['2025-06-01', '2025-03-01']);
      for (const [query, error] of [
        ['?month=3', 'Give a year with the month.'],
        ['?year=2025&month=13', 'Month must be a whole number from 1 to 12.'],
        ['?year=20x5', 'Year must be a whole number like 2026.'],
      ]) {
        const refused = await app.agent().get(`/api/users/diary_ann/diary${query}`);
        assert.deepEqual([refused.status, refused.body.error], [400, error]);
      }
      assert.equal((await app.agent().get('/api/users/nobody_here/diary')).status, 404);
    });

    it("serves a member's diary as an Atom feed a reader parses: the film and stars, the day, who with, where and the note, escaped", async () => {
      const diarist = await createUser(app, 'atom_diarist');
      const logged = await diarist.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-07-04', with: ['diary_ann'], place: '<Home> & co', note: 'Line one\n\nLine <two>' });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));
      await diarist.agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-08-01' });
      await diarist.agent.post('/api/review', { movie_id: movieId, stars: 8 });

      const reply = await fetch(`${app.url}/api/users/ATOM_DIARIST/diary.atom`);
      assert.equal(reply.status, 200);
      assert.match(reply.headers.get('content-type') ?? '', /^application\/atom\+xml/);
      const atom = await new Parser().parseString(await reply.text());
      assert.equal(atom.title, "atom_diarist's diary · MovieClub");
      const diary = (await app.agent().get('/api/users/atom_diarist/diary')).body.viewings as { id: number }[];
      assert.deepEqual(atom.items.map((item) => item.id), diary.map((entry) => `${app.url}/user/profile/atom_diarist?tab=diary#viewing-${entry.id}`), 'newest first, as the diary');
      const [rewatch, first] = atom.items;
      assert.deepEqual([rewatch.title, first.title], ['Diary Feature (1999) 8 ★, rewatched', 'Diary Feature (1999) 8 ★']);
      assert.equal(first.link, `${app.url}/movie/${movieId}`);
      assert.equal(first.content, '<p>Watched on 4 Jul 2025, with diary_ann, at &lt;Home&gt; &amp; co.</p><p>Line one</p><p>Line &lt;two&gt;</p>');

      const german = await new Parser().parseString(await (await fetch(`${app.url}/api/users/atom_diarist/diary.atom?lang=de`)).text());
      assert.equal(german.title, 'Tagebuch von atom_diarist · MovieClub');
      assert.equal(german.items[1].content, '<p>Gesehen am 4. Juli 2025, mit diary_ann, Ort: &lt;Home&gt; &amp; co.</p><p>Line one</p><p>Line &lt;two&gt;</p>');
      const unknown = await app.agent().get('/api/users/nobody_here/diary.atom');
      assert.deepEqual([unknown.status, unknown.body.error], [404, 'User not found.']);
    });

    it("names a tagged member's companions in their diary feed as their diary does: who logged it and the others, never themself", async () => {
      const host = await createUser(app, 'atom_host');
      await createUser(app, 'atom_guest');
      await createUser(app, 'atom_third');
      const logged = await host.agent.post('/api/viewings', { movie_id: otherMovieId, watched_on: '2025-07-12', with: ['Atom_Guest', 'atom_third'] });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));

      const atom = await new Parser().parseString(await (await fetch(`${app.url}/api/users/atom_guest/diary.atom`)).text());
      assert.equal(atom.items.length, 1);
      assert.equal(atom.items[0].content, '<p>Watched on 12 Jul 2025, with atom_host and atom_third.</p><p>Logged by atom_host</p>');
      const hosts = await new Parser().parseString(await (await fetch(`${app.url}/api/users/atom_host/diary.atom`)).text());
      assert.equal(hosts.items[0].content, '<p>Watched on 12 Jul 2025, with atom_guest and atom_third.</p>', "the logger's own feed names whom they tagged");
    });

    it("logs today's viewing for a review posted without one, and lists a movie's viewings with the caller's own", async () => {
      const review = await cat.agent.post('/api/review', { movie_id: otherMovieId, stars: 6 });
      assert.equal(review.status, 200);
      const viewings = await cat.agent.get(`/api/movies/${otherMovieId}/viewings`);
      assert.equal(viewings.status, 200, JSON.stringify(viewings.body));
      const today = new Date().toISOString().slice(0, 10);
      assert.deepEqual(viewings.body.mine, { count: 1, last_watched_on: today });
      assert.ok(viewings.body.viewings.some((entry: { user: { username: string }; watched_on: string }) => entry.user.username === 'Diary_Cat' && entry.watched_on === today));
      // A second review save does not log another viewing.
      await cat.agent.post('/api/review', { movie_id: otherMovieId, stars: 7 });
      assert.equal((await cat.agent.get(`/api/movies/${otherMovieId}/viewings`)).body.mine.count, 1);
      assert.equal((await app.agent().get(`/api/movies/${otherMovieId}/viewings`)).body.mine, null);
      assert.equal((await app.agent().get('/api/movies/999999/viewings')).status, 404);
    });

    it('counts films this year and hours watched on the profile', async () => {
      const thisYear = new Date().getUTCFullYear();
      const fresh = await createUser(app, 'diary_counts');
      await fresh.agent.post('/api/viewings', { movie_id: movieId, watched_on: `${thisYear}-01-01` });
      await fresh.agent.post('/api/viewings', { movie_id: movieId, watched_on: `${thisYear}-01-02` });
      await fresh.agent.post('/api/viewings', { movie_id: otherMovieId, watched_on: '2001-01-01' });
      const profile = (await app.agent().get('/api/users/diary_counts/profile')).body.profile;
      assert.deepEqual([profile.films_this_year, profile.hours_watched], [1, 5.5]);
    });

    it('suggests members to tag by name, starts first, never the caller', async () => {
      const found = await ann.agent.get('/api/members?q=diary_');
      assert.deepEqual(found.body.members.map((member: { username: string }) => member.username), ['diary_bob', 'Diary_Cat', 'diary_counts']);
      assert.deepEqual((await ann.agent.get('/api/members?q=%25')).body.members, [], 'a % is a character, not a wildcard');
      assert.equal((await app.agent().get('/api/members?q=d')).status, 401);
    });
  });
}
