import fs from 'node:fs';
import { once } from 'node:events';

// Words for made-up titles; a skewed pick makes some words common, as in real titles.
const WORDS = (
  'the of and a in night love man dark last blood city house world war dead girl story day life return king ' +
  'star time black secret lost wild red white lady little big home heart death game fire moon sun river road ' +
  'ghost shadow dream island summer winter murder revenge killer zombie space alien planet attack mission ' +
  'empire kingdom legend warrior sword dragon monster robot machine matrix godfather room cabin lake forest ' +
  'mountain ocean storm thunder rain snow ice steel iron gold silver diamond glass paper stone angel devil ' +
  'saint sinner hunter stranger brother sister mother father son daughter wedding funeral party holiday ' +
  'christmas halloween midnight morning evening tomorrow yesterday forever never always again beyond under ' +
  'inside outside between behind escape chase run fall rise broken silent hidden final first second third'
).split(' ');
const TYPES = ['movie', 'movie', 'movie', 'tvEpisode', 'tvEpisode', 'tvEpisode', 'tvEpisode', 'short', 'tvSeries', 'video'];
const GENRES = ['Drama', 'Comedy', 'Horror', 'Action', 'Thriller', 'Sci-Fi', 'Romance', 'Documentary', 'Crime', 'Family'];

/** A small deterministic generator, so runs are comparable. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const capital = (word: string) => word[0].toUpperCase() + word.slice(1);

/** Writes `count` title.basics rows; answers a spread of the titles for building queries. */
export async function generateBasics(file: string, count: number): Promise<string[]> {
  const next = random(42);
  const pick = () => WORDS[Math.floor(next() ** 2 * WORDS.length)];
  const out = fs.createWriteStream(file);
  const kept: string[] = [];
  out.write('tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres\n');
  let buffer = '';
  for (let i = 1; i <= count; i++) {
    const words = 1 + Math.floor(next() * 4);
    const title = Array.from({ length: words }, () => capital(pick())).join(' ') + (next() < 0.3 ? ` ${Math.floor(next() * 99) + 2}` : '');
    const year = 1900 + Math.floor(next() * 125);
    const genres = [GENRES[Math.floor(next() * GENRES.length)], GENRES[Math.floor(next() * GENRES.length)]].join(',');
    buffer += `tt${String(i).padStart(8, '0')}\t${TYPES[i % TYPES.length]}\t${title}\t${title}\t0\t${year}\t\\N\t${60 + Math.floor(next() * 100)}\t${genres}\n`;
    if (i % 1000 === 0) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
      if (i % 997 === 0 || kept.length < 2000) kept.push(title);
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return kept;
}

/** What people type: whole titles, first words, prefixes of 3–8 letters, and some typos. */
export function typicalQueries(titles: string[], count: number): string[] {
  const next = random(7);
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const title = titles[Math.floor(next() * titles.length)];
    const kind = next();
    if (kind < 0.3) queries.push(title);
    else if (kind < 0.6) queries.push(title.split(' ').slice(0, 2).join(' '));
    else if (kind < 0.9) queries.push(title.slice(0, 3 + Math.floor(next() * 6)));
    else {
      const at = 1 + Math.floor(next() * (title.length - 2));
      queries.push(title.slice(0, at) + title.slice(at + 1));
    }
  }
  return queries;
}

/**
 * Writes title.ratings rows for one title in eight of `titleCount` (IMDb: 1.6 M ratings
 * for 12.8 M titles), with IMDb's long tail of vote counts. Answers the row count.
 */
export async function generateRatings(file: string, titleCount: number): Promise<number> {
  const next = random(1234);
  return writeRows(file, 'tconst\taverageRating\tnumVotes', function* () {
    for (let i = 1; i <= titleCount; i++) {
      if (next() >= 1 / 8) continue;
      const votes = Math.max(5, Math.floor(5 / (next() + 0.00002) ** 1.2));
      yield `tt${String(i).padStart(8, '0')}\t${(1 + next() * 9).toFixed(1)}\t${votes}`;
    }
  });
}

/**
 * Writes title.akas rows: another title for one title in four, made of other
 * words (IMDb has several per title, most of them equal to the title itself,
 * which the import leaves out). Answers the row count.
 */
export async function generateAkas(file: string, titleCount: number): Promise<number> {
  const next = random(99);
  const pick = () => WORDS[Math.floor(next() ** 2 * WORDS.length)];
  return writeRows(file, 'titleId\tordering\ttitle\tregion\tlanguage\ttypes\tattributes\tisOriginalTitle', function* () {
    for (let i = 1; i <= titleCount; i++) {
      if (next() >= 1 / 4) continue;
      const title = Array.from({ length: 1 + Math.floor(next() * 4) }, () => capital(pick())).join(' ');
      yield `tt${String(i).padStart(8, '0')}\t1\t${title}\tDE\t\\N\timdbDisplay\t\\N\t0`;
    }
  });
}

/** Writes the header and the generated rows, a thousand per write; answers the row count. */
async function writeRows(file: string, header: string, rows: () => Generator<string>): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write(`${header}\n`);
  let buffer = '';
  let count = 0;
  for (const row of rows()) {
    buffer += `${row}\n`;
    if (++count % 1000 === 0) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return count;
}
