import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { addImdbTitle } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { importImdbFiles } from './importer';
import { BASICS_HEADER } from './parse';
import { searchKey } from './searchKey';
import { scratchDir } from './testing';

/** Titles as IMDb writes them, and the key they are found by. */
const KEYS: [string, string][] = [
  ['Amélie', 'amelie'],
  ['Le fabuleux destin d’Amélie Poulain', 'le fabuleux destin damelie poulain'],
  ['Spider-Man: No Way Home', 'spiderman no way home'],
  ['E.T. the Extra-Terrestrial', 'et the extraterrestrial'],
  ["Ocean's Eleven", 'oceans eleven'],
  ['Fast & Furious', 'fast and furious'],
  ['Mission: Impossible – Ghost Protocol', 'mission impossible ghost protocol'],
  ['WALL·E', 'walle'],
  ['Tick, Tick... Boom!', 'tick tick boom'],
  ['Léon: The Professional', 'leon the professional'],
  ['Tōkyō Monogatari', 'tokyo monogatari'],
  ['Smørrebrød', 'smorrebrod'],
  ['Die Straße', 'die strasse'],
  ['Æon Flux', 'aeon flux'],
  ['Œdipe roi', 'oedipe roi'],
  ['Pokémon Detective Pikachu', 'pokemon detective pikachu'],
  ['ОДИССЕЯ', 'одиссея'],
  ['ΟΔΥΣΣΕΥΣ', 'οδυσσευσ'],
  ['İstanbul Hatırası', 'istanbul hatirasi'],
  ['千と千尋の神隠し', '千と千尋の神隠し'],
  ['기생충', '기생충'],
  ['「ハウルの動く城」', 'ハウルの動く城'],
  ['50% Off_the\\Price', '50 off the price'],
  ['  Spaced    Out  ', 'spaced out'],
  ['“Quoted” «Titles»', 'quoted titles'],
  ['Se7en', 'se7en'],
  ['The Godfather Part II', 'the godfather part 2'],
  ['Rocky IV', 'rocky 4'],
  ['Star Wars: Episode VI - Return of the Jedi', 'star wars episode 6 return of the jedi'],
  ['II ii III', '2 2 3'],
  ['Ii', '2'],
  ['I, Robot', 'i robot'],
  ['V for Vendetta', 'v for vendetta'],
  ['Louis XIV', 'louis xiv'],
  ['Iiro', 'iiro'],
  // Already lowercase words: a numeral among them is still a digit.
  ['rocky iv', 'rocky 4'],
  ['ix', '9'],
  ['the ii iii', 'the 2 3'],
  ['iix viiii', 'iix viiii'],
];

describe('search keys', () => {
  for (const [title, key] of KEYS) {
    it(`finds '${title}' as '${key}'`, () => assert.equal(searchKey(title), key));
  }

  it('is its own key: a key folded again stays the same', () => {
    for (const [, key] of KEYS) assert.equal(searchKey(key), key);
  });
});

for (const kind of TEST_DATABASES) {
  describe(`search keys in the database (${kind})`, () => {
    let app: TestApp;
    const scratch = scratchDir();
    before(async () => {
      app = await startTestApp(kind);
    });
    after(async () => {
      await app.close();
      scratch.remove();
    });

    it('stores the key of every imported title and of its original title', async () => {
      const titles = KEYS.map(([title], i) => ({ tconst: `tt98200${String(i).padStart(2, '0')}`, title }));
      const file = path.join(scratch.dir, 'title.basics.tsv');
      fs.writeFileSync(file, [BASICS_HEADER, ...titles.map(({ tconst, title }) => `${tconst}\tmovie\t${title}\tOriginal ${title}\t0\t2001\t\\N\t90\tDrama`)].join('\n'));
      await importImdbFiles(app.database.db, [file]);
      const stored = await app.database.db.selectFrom('imdb_titles').select(['tconst', 'search_title']).where('tconst', 'like', 'tt98200%').orderBy('tconst').execute();
      assert.deepEqual(
        stored.map((row) => row.search_title),
        KEYS.map(([, key]) => key),
      );
      const others = await app.database.db.selectFrom('imdb_alt_titles').select('search_title').where('tconst', 'like', 'tt98200%').orderBy('tconst').execute();
      assert.deepEqual(
        others.map((row) => row.search_title),
        KEYS.map(([, key]) => `original ${key}`),
      );
    });

    it('finds titles through their keys, whichever way the accents and punctuation are typed', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9810001', primary_title: 'Amélie', num_votes: 800_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9810002', primary_title: 'Spider-Man', num_votes: 880_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9810003', primary_title: 'WALL·E', num_votes: 1_200_000 });
      for (const [query, tconst] of [
        ['amelie', 'tt9810001'],
        ['AMÉLIE', 'tt9810001'],
        ['spiderman', 'tt9810002'],
        ['spider-man', 'tt9810002'],
        ['Spider‐Man', 'tt9810002'],
        ['walle', 'tt9810003'],
        ['wall-e', 'tt9810003'],
      ]) {
        const reply = await app.agent().get(`/api/imdb/search?q=${encodeURIComponent(query)}`);
        assert.equal(reply.status, 200);
        assert.equal(reply.body.results[0]?.tconst, tconst, `'${query}' → ${JSON.stringify(reply.body.results)}`);
      }
    });
  });
}
