import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ImportRowView } from '@movieclub/contract';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { uploadAndRead } from './testing';

// Letterboxd's diary.csv with the titles QA reported, all in the bundled IMDb sample under these names.
const DIARY = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
  '2024-01-01,Breaking Bad,2008,https://boxd.it/b1,5,,,2024-01-01',
  '2024-01-02,Ozymandias,2013,https://boxd.it/b2,5,,,2024-01-02',
  '2024-01-03,Pilot,2008,https://boxd.it/b3,4,,,2024-01-03',
  '2024-01-04,The Sopranos,1999,https://boxd.it/b4,4,,,2024-01-04',
  '2024-01-05,Band of Brothers,2001,https://boxd.it/b5,5,,,2024-01-05',
  '2024-01-06,千と千尋の神隠し,2001,https://boxd.it/b6,5,,,2024-01-06',
  '2024-01-07,Der Pate,1972,https://boxd.it/b7,5,,,2024-01-07',
  '2024-01-08,Dune,2021,https://boxd.it/b8,4,,,2024-01-08',
].join('\n');

const SERIES_AND_EPISODES = ['Breaking Bad', 'Ozymandias', 'Pilot', 'The Sopranos', 'Band of Brothers'];
const NOT_FILMS = new Set(['tvSeries', 'tvMiniSeries', 'tvEpisode', 'tvPilot', 'videoGame']);

for (const kind of TEST_DATABASES) {
  describe(`matching imported titles to the IMDb index (${kind})`, () => {
    let app: TestApp;
    let fay: SignedInUser;
    let rows: ImportRowView[];

    before(async () => {
      app = await startTestApp(kind, { loadImdbSample: true });
      fay = await createUser(app, 'match_fay');
      const job = await uploadAndRead(fay.agent, DIARY, 'diary.csv');
      assert.equal(job.status, 'ready', JSON.stringify(job));
      rows = (await fay.agent.get(`/api/imports/${job.id}/rows?limit=500`)).body.rows as ImportRowView[];
    });
    after(() => app.close());

    const row = (title: string) => rows.find((candidate) => candidate.title === title)!;

    it('matches no TV series, mini-series or episode by its name, nor offers one', () => {
      for (const title of SERIES_AND_EPISODES) {
        const found = row(title);
        assert.deepEqual([title, found.match, found.chosen], [title, 'unmatched', null]);
        assert.deepEqual(
          found.candidates.filter((candidate) => NOT_FILMS.has(candidate.title_type)),
          [],
          `${title} is offered no series or episode`,
        );
      }
      assert.equal(row('Dune').chosen?.tconst, 'tt1160419', 'a film still matches');
    });

    it('still takes a series by the IMDb id a row gives', async () => {
      const imdb = ['Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors', 'tt0903747,9,2023-05-06,Breaking Bad,,TV Series,9.5,49,2008,Drama,2000000,2008-01-20,'].join('\n');
      const job = await uploadAndRead(fay.agent, imdb, 'ratings.csv');
      const [byId] = (await fay.agent.get(`/api/imports/${job.id}/rows`)).body.rows as ImportRowView[];
      assert.deepEqual([byId!.match, byId!.chosen?.tconst], ['matched', 'tt0903747']);
    });

    it('suggests a film for its title in another language, found by that name, without taking it', () => {
      const spirited = row('千と千尋の神隠し');
      assert.equal(spirited.match, 'unmatched');
      assert.equal(spirited.candidates[0]?.tconst, 'tt0245429', JSON.stringify(spirited.candidates));
      const godfather = row('Der Pate');
      assert.equal(godfather.match, 'unmatched');
      assert.equal(godfather.candidates[0]?.tconst, 'tt0068646', JSON.stringify(godfather.candidates));
    });
  });
}
