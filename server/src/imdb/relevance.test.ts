import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { importImdbFiles } from './importer';
import { AKAS, AKAS_HEADER, akaRows, BASICS_HEADER, decoys, FILMS, QUERIES, RATINGS_HEADER, type Title, titleRows } from './relevanceCases';
import { scratchDir } from './testing';

/**
 * What people type into the search box, against an index where the films they
 * mean are far outnumbered by obscure titles: thousands of generated ones, and
 * decoys named exactly as typed or starting with it, with few votes, and
 * episodes named after the films. Some films are typed by their original or
 * another title (title.akas).
 */

const WORDS = (
  'night day love war city dark light blood river house girl boy dream shadow storm fire ice king queen story time ' +
  'last first lost secret return rise fall road home heart star sky sea island wolf dragon ghost hunter killer angel ' +
  'devil summer winter spring autumn matrixx alienation inceptor godfathers lordship rings fellow towers knight spider ' +
  'man woman toy spirit away samurai pokemon detective wars part three two one game family school paradise'
).split(' ');

/** Several thousand obscure titles of common words, of every type, with a fixed pseudo-random generator. */
function generated(count: number): Title[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const types = ['movie', 'movie', 'tvEpisode', 'tvEpisode', 'tvEpisode', 'tvSeries', 'short', 'video', 'tvMovie'];
  return Array.from({ length: count }, (_, i): Title => {
    const words = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(WORDS));
    const title = words.map((word) => word[0].toUpperCase() + word.slice(1)).join(' ');
    return [`tt97${String(i).padStart(6, '0')}`, pick(types), title, Math.floor(10 ** (random() * 3.7))];
  });
}

for (const kind of TEST_DATABASES) {
  describe(`title search relevance (${kind})`, () => {
    let app: TestApp;
    const scratch = scratchDir();
    const search = async (q: string) => {
      const reply = await app.agent().get(`/api/imdb/search?q=${encodeURIComponent(q)}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.results as { tconst: string; primary_title: string; title_type: string }[];
    };

    before(async () => {
      app = await startTestApp(kind);
      const titles = [...FILMS, ...decoys(), ...generated(6000)];
      const rows = titleRows(titles);
      const basics = [BASICS_HEADER, ...rows.basics];
      const ratings = [RATINGS_HEADER, ...rows.ratings];
      const files = ['title.basics.tsv', 'title.ratings.tsv', 'title.akas.tsv'].map((name) => path.join(scratch.dir, name));
      fs.writeFileSync(files[0], basics.join('\n'));
      fs.writeFileSync(files[1], ratings.join('\n'));
      fs.writeFileSync(files[2], [AKAS_HEADER, ...akaRows(AKAS)].join('\n'));
      await importImdbFiles(app.database.db, files);
    });
    after(async () => {
      await app.close();
      scratch.remove();
    });

    for (const [query, tconst, place] of QUERIES) {
      const film = FILMS.find(([id]) => id === tconst)?.[2];
      it(`finds ${film} ${place === 1 ? 'first' : `in the top ${place}`} for '${query}'`, async () => {
        const results = await search(query);
        const at = results.findIndex((result) => result.tconst === tconst);
        assert.ok(at >= 0 && at < place, `got ${results.map((r) => `${r.primary_title} (${r.title_type})`).join(', ')}`);
      });
    }

    it('lists the films before their namesake episodes', async () => {
      const results = await search('the matrix');
      assert.deepEqual(results.slice(0, 3).map((r) => r.tconst), ['tt0133093', 'tt0234215', 'tt0242653']);
    });
  });
}
