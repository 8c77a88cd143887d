import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scheduleScreening, screeningWorld, startedHoursAgo, startsIn } from '../screenings/testing';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** What Radarr's 'StevenLu Custom' import list reads of each entry (its parser keeps these three fields and drops the rest). */
interface StevenLuEntry {
  title: string;
  imdb_id: string;
  poster_url?: string;
}

for (const kind of TEST_DATABASES) {
  describe(`Radarr import list (${kind})`, () => {
    let app: TestApp;
    let owner: SignedInUser;
    let listId: number;
    let publicPath: string;
    let personalPath: string;
    let movies: Awaited<ReturnType<typeof addMovie>>[];

    const radarrPath = (stremioPath: string) => stremioPath.replace('/stremio/manifest.json', '/radarr.json');
    const fetchList = async (path: string) => {
      const reply = await fetch(app.url + path);
      return { status: reply.status, headers: reply.headers, body: (await reply.json()) as unknown };
    };

    before(async () => {
      app = await startTestApp(kind);
      owner = await createUser(app, 'radarr_owner');
      movies = [
        await addMovie(app.database.db, { title: 'Alien', tconst: 'tt0078748', year: 1979, poster: 'https://img.example/alien.jpg' }),
        await addMovie(app.database.db, { title: 'Aliens', tconst: 'tt0090605', year: 1986, poster: '/uploads/posters/aliens.jpg' }),
        await addMovie(app.database.db, { title: 'Alien³', tconst: 'tt0103644', year: 1992, poster: null }),
      ];
      const list = (await owner.agent.post('/api/watchlists/public', { name: 'Xenomorph Night' })).body.watchlist;
      listId = list.id;
      for (const movie of [movies[2], movies[0], movies[1]]) await owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id });
      publicPath = radarrPath(list.stremio_path);
      await owner.agent.post('/api/watchlists/mine/items', { movie_id: movies[1].id });
      personalPath = radarrPath((await owner.agent.get('/api/watchlists/mine')).body.watchlist.stremio_path);
    });
    after(() => app.close());

    it("answers a public list's movies in list order, in the format Radarr reads, to anyone", async () => {
      const reply = await fetchList(publicPath);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.match(reply.headers.get('cache-control') ?? '', /max-age=60/);
      assert.deepEqual(reply.body as StevenLuEntry[], [
        { title: 'Alien³', imdb_id: 'tt0103644' },
        { title: 'Alien', imdb_id: 'tt0078748', poster_url: 'https://img.example/alien.jpg' },
        { title: 'Aliens', imdb_id: 'tt0090605', poster_url: `${app.url}/uploads/posters/aliens.jpg` },
      ]);
      // Any slug answers a public list, as its Stremio add-on does.
      assert.deepEqual((await fetchList(`/api/watchlist/${listId}-anything/radarr.json`)).body, reply.body);

      // A reordered list and a removed movie show at once.
      assert.equal((await owner.agent.request('DELETE', `/api/watchlists/${listId}/items/${movies[2].id}`)).status, 200);
      assert.deepEqual(((await fetchList(publicPath)).body as StevenLuEntry[]).map((entry) => entry.title), ['Alien', 'Aliens']);
    });

    it('answers the movies picked for upcoming movie nights, soonest first, each once', async () => {
      const world = await screeningWorld(app, 'rn');
      const night = (startsAt: string) => scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsAt });
      const setPick = (id: number, movieId: number) => app.database.db.updateTable('screenings').set({ picked_movie_id: movieId, picked_at: new Date().toISOString() }).where('id', '=', id).execute();
      const [soonest, later, again, unpicked, cancelled, longOver, justStarted] = [
        await night(startsIn(24)),
        await night(startsIn(48)),
        await night(startsIn(72)),
        await night(startsIn(96)),
        await night(startsIn(30)),
        await night(startsIn(24)),
        await night(startsIn(24)),
      ];
      assert.deepEqual((await fetchList('/api/screenings/radarr.json')).body, [], 'nothing picked yet');

      const drawn = await world.owner.agent.post(`/api/screenings/${later}/pick`);
      assert.equal(drawn.status, 200);
      const laterMovie = drawn.body.picked_movie.id as number;
      const [first, other] = world.listed.filter((movie) => movie.id !== laterMovie);
      await setPick(soonest, first.id);
      await setPick(again, laterMovie);
      await setPick(cancelled, other.id);
      assert.equal((await world.owner.agent.post(`/api/screenings/${cancelled}/cancel`)).status, 200);
      await setPick(longOver, other.id);
      await startedHoursAgo(app, longOver, 7);
      await setPick(justStarted, other.id);
      await startedHoursAgo(app, justStarted, 5);
      assert.ok(unpicked);

      const reply = await fetchList('/api/screenings/radarr.json');
      assert.equal(reply.status, 200);
      assert.match(reply.headers.get('cache-control') ?? '', /max-age=60/);
      const tconsts = async (ids: number[]) => {
        const rows = await app.database.db.selectFrom('movies').select(['id', 'tconst']).where('id', 'in', ids).execute();
        return ids.map((id) => rows.find((row) => row.id === id)!.tconst);
      };
      // A night that started five hours ago still counts, as on the list's page; one over seven hours ago, or cancelled, does not.
      assert.deepEqual(
        (reply.body as StevenLuEntry[]).map((movie) => movie.imdb_id),
        await tconsts([other.id, first.id, laterMovie]),
      );
    });

    it("answers a personal list only at the address with its secret, and nothing of it elsewhere", async () => {
      const mine = await fetchList(personalPath);
      assert.equal(mine.status, 200);
      assert.deepEqual(mine.body, [{ title: 'Aliens', imdb_id: 'tt0090605', poster_url: `${app.url}/uploads/posters/aliens.jpg` }]);
      const personalId = personalPath.split('/')[3].split('-')[0];
      for (const path of [`/api/watchlist/${personalId}/radarr.json`, `/api/watchlist/${personalId}-wrong-secret/radarr.json`, '/api/watchlist/99999999-list/radarr.json', '/api/watchlist/abc/radarr.json']) {
        const refused = await fetchList(path);
        assert.deepEqual([refused.status, (refused.body as { error: string }).error], [404, 'Watchlist not found.'], path);
        assert.ok(!JSON.stringify(refused.body).includes('Aliens'));
      }
    });
  });
}
