import type { Config } from '../config';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { METADATA_LIMITS } from '@movieclub/contract';
import { addImdbTitle, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const HUGE_FIELDS = 'tt9900001';
const HUGE_REPLY = 'tt9900002';

/** A stand-in for OMDb and TMDB on a local port, answering in their real formats. */
function fakeServices() {
  const omdbMatrix = {
    Title: 'The Matrix', Year: '1999', Rated: 'R', Released: '31 Mar 1999', Runtime: '136 min', Genre: 'Action, Sci-Fi',
    Director: 'Lana Wachowski, Lilly Wachowski', Writer: 'N/A', Actors: 'Keanu Reeves', Plot: 'A hacker learns the truth.',
    Language: 'English', Country: 'United States', Awards: 'N/A', Poster: 'https://m.media-amazon.com/images/M/matrix.jpg',
    Ratings: [{ Source: 'Internet Movie Database', Value: '8.7/10' }], Metascore: '73', imdbRating: '8.7', imdbVotes: '2,100,000',
    imdbID: 'tt0133093', Type: 'movie', DVD: 'N/A', BoxOffice: 'N/A', Production: 'N/A', Website: 'N/A', Response: 'True',
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/') {
      const id = url.searchParams.get('i');
      if (url.searchParams.get('apikey') === 'bad') return send(401, { Response: 'False', Error: 'Invalid API key!' });
      if (id === 'tt0133093') return send(200, omdbMatrix);
      if (id === 'tt0068646') return setTimeout(() => send(200, omdbMatrix), 3000); // too slow
      if (id === HUGE_FIELDS) {
        return send(200, {
          ...omdbMatrix,
          imdbID: HUGE_FIELDS,
          Title: 'T'.repeat(10_000),
          Plot: 'word '.repeat(100_000),
          Poster: `https://m.media-amazon.com/images/${'p'.repeat(5_000)}.jpg`,
          Genre: Array.from({ length: 200 }, (_, index) => `Genre${index}`).join(', '),
          Runtime: '99999999999 min',
          imdbRating: '9999',
          Released: `31 Mar ${'9'.repeat(5000)}`,
        });
      }
      if (id === HUGE_REPLY) {
        // A 60 MB plot, as a broken or hostile service might send it.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(`{"Response":"True","Title":"Huge","Poster":"https://m.media-amazon.com/h.jpg","Plot":"`);
        const block = 'x'.repeat(1024 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 60) {
            sent += 1;
            if (!response.write(block)) return void response.once('drain', pump);
          }
          response.end('"}');
        };
        response.on('error', () => {});
        return pump();
      }
      return send(200, { Response: 'False', Error: 'Incorrect IMDb ID.' });
    }
    if (url.pathname.startsWith('/3/find/')) {
      if (url.searchParams.get('api_key') === 'bad') {
        return send(401, { success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' });
      }
      if (url.pathname === '/3/find/tt0133093') {
        return send(200, {
          movie_results: [{ id: 603, title: 'The Matrix', original_title: 'The Matrix', overview: 'Set in the 22nd century.', poster_path: '/matrix.jpg', backdrop_path: null, release_date: '1999-03-30', vote_average: 8.2, vote_count: 26000, genre_ids: [28, 878], popularity: 80.1, adult: false, video: false, original_language: 'en' }],
          person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [],
        });
      }
      return send(200, { movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] });
    }
    if (url.pathname === '/3/movie/603') return send(200, { id: 603, runtime: 136, title: 'The Matrix' });
    return send(404, { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' });
  });
  return server;
}

for (const kind of TEST_DATABASES) {
  describe(`metadata services (${kind})`, () => {
    const services = fakeServices();
    let base = '';
    const apps: TestApp[] = [];
    const closeApps = async () => {
      for (const app of apps.splice(0)) await app.close();
    };
    const start = async (config: Partial<Config>) => {
      await closeApps();
      const app = await startTestApp(kind, { loadImdbSample: true, config: { omdbBaseUrl: base, tmdbBaseUrl: base, metadataTimeoutMs: 500, ...config } });
      apps.push(app);
      return app;
    };
    const add = async (app: TestApp, imdbId: string) => {
      const { agent } = await createUser(app);
      const reply = await agent.post('/api/movies', { imdb_id: imdbId });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.movie;
    };
    before(async () => {
      services.listen(0, '127.0.0.1');
      await new Promise((resolve) => services.once('listening', resolve));
      base = `http://127.0.0.1:${(services.address() as AddressInfo).port}`;
    });
    after(async () => {
      await closeApps();
      services.closeAllConnections();
      services.close();
    });

    it('takes poster, plot and release date from OMDb when its key is set', async () => {
      const app = await start({ omdbApiKey: 'good' });
      const movie = await add(app, 'tt0133093');
      assert.equal(movie.poster, 'https://m.media-amazon.com/images/M/matrix.jpg');
      assert.equal(movie.plot, 'A hacker learns the truth.');
      assert.equal(movie.release_date, '1999-03-31');
      assert.equal(movie.title, 'The Matrix');
      assert.equal(movie.length, 136);
    });

    it('falls back to the index and a drawn poster when OMDb does not know the id, refuses the key, or is too slow', async () => {
      const app = await start({ omdbApiKey: 'good' });
      const unknown = await add(app, 'tt0368226');
      assert.equal(unknown.poster, '/api/posters/tt0368226.svg');
      assert.equal(unknown.plot, null);
      const t = Date.now();
      const slow = await add(app, 'tt0068646');
      assert.ok(Date.now() - t < 2500, 'the timeout cuts the wait short');
      assert.equal(slow.poster, '/api/posters/tt0068646.svg');
      assert.equal(slow.title, 'The Godfather');

      const badKey = await start({ omdbApiKey: 'bad' });
      const refused = await add(badKey, 'tt0133093');
      assert.equal(refused.poster, '/api/posters/tt0133093.svg');
      assert.equal(refused.release_date, '1999');
    });

    it('finds the movie on TMDB by IMDb id when only its key is set', async () => {
      const app = await start({ tmdbApiKey: 'good' });
      const movie = await add(app, 'tt0133093');
      assert.equal(movie.poster, 'https://image.tmdb.org/t/p/w500/matrix.jpg');
      assert.equal(movie.plot, 'Set in the 22nd century.');
      assert.equal(movie.release_date, '1999-03-30');
      const missing = await add(app, 'tt0368226');
      assert.equal(missing.poster, '/api/posters/tt0368226.svg');

      const badKey = await start({ tmdbApiKey: 'bad' });
      const refused = await add(badKey, 'tt0133093');
      assert.equal(refused.poster, '/api/posters/tt0133093.svg');
      assert.equal(refused.plot, null);
    });

    it('holds what a service says to sane sizes before storing and serving it', async () => {
      const app = await start({ omdbApiKey: 'good' });
      // The index knows the title but no genres, runtime or rating, so those come from the service.
      await addImdbTitle(app.database.db, { tconst: HUGE_FIELDS, primary_title: 'Overlong', genres: null, runtime_minutes: null, average_rating: null });
      const added = await add(app, HUGE_FIELDS);
      const served = (await app.agent().get(`/api/movies/${added.id}`)).body.movie;
      for (const movie of [added, served]) {
        assert.ok(movie.plot.length <= METADATA_LIMITS.plot, `plot cut to ${METADATA_LIMITS.plot} (was ${movie.plot.length})`);
        assert.match(movie.plot, /^word word .*…$/, 'cut at a word and marked');
        assert.equal(movie.poster, `/api/posters/${HUGE_FIELDS}.svg`, 'an overlong poster address is dropped');
        assert.ok(movie.genres.length <= METADATA_LIMITS.genres);
        assert.match(movie.genres, /^Genre0,Genre1,Genre2,/);
        assert.equal(movie.length, null, 'an impossible runtime is dropped');
        assert.equal(movie.imdb_rating, null, 'an impossible rating is dropped');
        assert.equal(movie.release_date, '1999', 'an impossible release date gives way to the year');
      }
      assert.equal(added.title, 'Overlong');
    });

    it('stops reading a reply larger than the limit and adds the movie without it', async () => {
      const app = await start({ omdbApiKey: 'good', metadataTimeoutMs: 20_000 });
      await addImdbTitle(app.database.db, { tconst: HUGE_REPLY, primary_title: 'Huge Reply' });
      const movie = await add(app, HUGE_REPLY);
      assert.equal(movie.plot, null);
      assert.equal(movie.poster, `/api/posters/${HUGE_REPLY}.svg`);
      assert.equal(movie.title, 'Huge Reply');
    });
  });
}
