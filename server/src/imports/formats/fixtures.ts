import { strToU8, zipSync } from 'fflate';

/**
 * Upload files built in code, in the shapes Letterboxd and IMDb export (docs/external-formats.md),
 * from real titles of the bundled IMDb sample (server/data/imdb-sample): quotes, commas and accents
 * in titles, and remakes sharing a title. For the server's tests and the browser journeys alike.
 */

export interface FixtureFilm {
  tconst: string;
  title: string;
  year: number;
}

/** Titles of the bundled sample, chosen for what they test. */
export const SAMPLE_FILMS = {
  casablanca: { tconst: 'tt0034583', title: 'Casablanca', year: 1942 },
  crocodileDundee: { tconst: 'tt0090555', title: '"Crocodile" Dundee', year: 1986 },
  goodBadUgly: { tconst: 'tt0060196', title: 'The Good, the Bad and the Ugly', year: 1966 },
  amelie: { tconst: 'tt0211915', title: 'Amélie', year: 2001 },
  leon: { tconst: 'tt0110413', title: 'Léon: The Professional', year: 1994 },
  wallE: { tconst: 'tt0910970', title: 'WALL·E', year: 2008 },
  wickerMan1973: { tconst: 'tt0070917', title: 'The Wicker Man', year: 1973 },
  wickerMan2006: { tconst: 'tt0450345', title: 'The Wicker Man', year: 2006 },
  roadHouse1989: { tconst: 'tt0098206', title: 'Road House', year: 1989 },
  roadHouse2024: { tconst: 'tt3359350', title: 'Road House', year: 2024 },
} as const satisfies Record<string, FixtureFilm>;

/** A film as a member logged it somewhere else. */
export interface FixtureEntry extends FixtureFilm {
  /** 1–10 (Letterboxd files get half of it). */
  stars?: number | null;
  /** When it was rated, logged or added: YYYY-MM-DD. */
  date?: string;
  watchedOn?: string | null;
  rewatch?: boolean;
  review?: string | null;
}

const f = SAMPLE_FILMS;
/** A history touching every awkward case: quotes, commas and line breaks in reviews, half stars, rewatches, remakes. */
export const FIXTURE_ENTRIES: FixtureEntry[] = [
  { ...f.casablanca, stars: 10, date: '2024-01-05', watchedOn: '2024-01-04', review: 'Here\'s looking at you, kid.\nStill the best "airport" ending.' },
  { ...f.crocodileDundee, stars: 5, date: '2024-01-06', watchedOn: '2024-01-06' },
  { ...f.goodBadUgly, stars: 9, date: '2024-02-10', watchedOn: '2024-02-09', rewatch: true, review: 'Three men, one grave, and a "very" long stand-off,\r\nworth it.' },
  { ...f.amelie, stars: 7, date: '2024-03-01', watchedOn: '2024-03-01', review: 'Charming; crème brûlée, "naturellement".' },
  { ...f.leon, stars: 8, date: '2024-03-15' },
  { ...f.wallE, stars: 1, date: '2024-04-01', watchedOn: '2024-03-30' },
  { ...f.wickerMan1973, stars: 8, date: '2024-05-01', watchedOn: '2024-04-30' },
  { ...f.wickerMan2006, stars: 2, date: '2024-05-02', watchedOn: '2024-05-02', review: 'Not the bees!' },
  { ...f.roadHouse1989, stars: 6, date: '2024-06-01', watchedOn: '2024-06-01' },
  { ...f.roadHouse2024, stars: 4, date: '2024-06-02', watchedOn: '2024-06-02', rewatch: true },
];

/** Line ends and a byte-order mark, as different exports write them. */
export interface CsvStyle {
  bom?: boolean;
  crlf?: boolean;
}

/** A CSV cell, quoted when it must be (commas, quotes, line breaks), quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: (string | number | null | undefined)[][], style: CsvStyle = {}): string {
  const newline = style.crlf ? '\r\n' : '\n';
  return (style.bom ? '\uFEFF' : '') + rows.map((cells) => cells.map(csvCell).join(',')).join(newline) + newline;
}

const boxd = (tconst: string) => `https://boxd.it/${Number(tconst.slice(2)).toString(36)}`;
const half = (stars: number | null | undefined) => (stars ? stars / 2 : '');

export type LetterboxdFixtureFile = 'ratings' | 'reviews' | 'diary' | 'watched' | 'watchlist';

/** One file of a Letterboxd export (`ratings.csv` …) holding the entries that belong in it. */
export function letterboxdCsv(file: LetterboxdFixtureFile, entries: FixtureEntry[] = FIXTURE_ENTRIES, style: CsvStyle = {}): string {
  const start = (e: FixtureEntry) => [e.date ?? '2024-01-01', e.title, e.year, boxd(e.tconst)];
  const rewatch = (e: FixtureEntry) => (e.rewatch ? 'Yes' : '');
  switch (file) {
    case 'ratings':
      return csvLines([['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'], ...entries.filter((e) => e.stars).map((e) => [...start(e), half(e.stars)])], style);
    case 'reviews':
      return csvLines(
        [
          ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Review', 'Tags', 'Watched Date'],
          ...entries.filter((e) => e.review).map((e) => [...start(e), half(e.stars), rewatch(e), e.review, '', e.watchedOn ?? '']),
        ],
        style,
      );
    case 'diary':
      return csvLines(
        [
          ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
          ...entries.filter((e) => e.watchedOn).map((e) => [...start(e), half(e.stars), rewatch(e), 'tag one, tag two', e.watchedOn]),
        ],
        style,
      );
    case 'watched':
    case 'watchlist':
      return csvLines([['Date', 'Name', 'Year', 'Letterboxd URI'], ...entries.map(start)], style);
  }
}

export interface FixtureList {
  name: string;
  description?: string;
  date?: string;
  entries: FixtureEntry[];
}

/** `lists/<slug>.csv`: the version line, the list's own block, a blank line, then the films. */
export function letterboxdListCsv(list: FixtureList, style: CsvStyle = {}): string {
  const head = csvLines(
    [['Letterboxd list export v7'], ['Date', 'Name', 'Tags', 'URL', 'Description'], [list.date ?? '2024-02-01', list.name, '', 'https://boxd.it/list1', list.description ?? '']],
    style,
  );
  const films = csvLines(
    [['Position', 'Name', 'Year', 'URL', 'Description'], ...list.entries.map((e, i) => [i + 1, e.title, e.year, boxd(e.tconst), ''])],
    style,
  );
  return head + (style.crlf ? '\r\n' : '\n') + films.replace(/^\uFEFF/, '');
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'list';

/** A zip of the given files (text is stored as UTF-8); `level: 0` stores without packing. */
export function zipFixture(files: Record<string, string | Uint8Array>, options: { level?: 0 | 6 } = {}): Buffer {
  const entries = Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? strToU8(content) : content]));
  return Buffer.from(zipSync(entries, { level: options.level ?? 6 }));
}

export interface LetterboxdZipOptions {
  /** One folder wrapping everything, as some unzip-and-zip-again tools leave. */
  folder?: string;
  lists?: FixtureList[];
  style?: CsvStyle;
  /** More files, by path inside the zip (before the folder). */
  extra?: Record<string, string | Uint8Array>;
}

/** A whole Letterboxd export: profile.csv, ratings, reviews, diary, watched, watchlist, lists/, and the folders nothing is imported from. */
export function letterboxdZipFixture(entries: FixtureEntry[] = FIXTURE_ENTRIES, options: LetterboxdZipOptions = {}): Buffer {
  const files: Record<string, string | Uint8Array> = {
    'profile.csv': csvLines([['Date Joined', 'Username', 'Given Name'], ['2020-01-01', 'someone', 'Some One']], options.style),
    'comments.csv': csvLines([['Date', 'Content', 'Comment'], ['2024-01-01', 'https://boxd.it/x', 'Nice, "really"']], options.style),
    'ratings.csv': letterboxdCsv('ratings', entries, options.style),
    'reviews.csv': letterboxdCsv('reviews', entries, options.style),
    'diary.csv': letterboxdCsv('diary', entries, options.style),
    'watched.csv': letterboxdCsv('watched', entries, options.style),
    'watchlist.csv': letterboxdCsv('watchlist', entries.slice(0, 3), options.style),
    'likes/films.csv': letterboxdCsv('watched', entries, options.style),
    'deleted/diary.csv': letterboxdCsv('diary', entries, options.style),
    'orphaned/diary.csv': letterboxdCsv('diary', entries, options.style),
    ...Object.fromEntries((options.lists ?? []).map((list) => [`lists/${slug(list.name)}.csv`, letterboxdListCsv(list, options.style)])),
    ...options.extra,
  };
  const prefix = options.folder ? `${options.folder.replace(/\/$/, '')}/` : '';
  return zipFixture(Object.fromEntries(Object.entries(files).map(([name, content]) => [prefix + name, content])));
}

const imdbFacts = (e: FixtureEntry) => [`https://www.imdb.com/title/${e.tconst}/`];

/** IMDb's ratings export; `old` leaves out `Original Title` (and writes `movie` lowercase), as files from before 2023 do. */
export function imdbRatingsCsv(entries: FixtureEntry[] = FIXTURE_ENTRIES, options: { old?: boolean; style?: CsvStyle } = {}): string {
  const header = ['Const', 'Your Rating', 'Date Rated', 'Title', ...(options.old ? [] : ['Original Title']), 'URL', 'Title Type', 'IMDb Rating', 'Runtime (mins)', 'Year', 'Genres', 'Num Votes', 'Release Date', 'Directors'];
  const rows = entries
    .filter((e) => e.stars)
    .map((e) => [
      e.tconst,
      e.stars,
      e.date ?? '2024-01-01',
      e.title,
      ...(options.old ? [] : [e.title]),
      ...imdbFacts(e),
      options.old ? 'movie' : 'Movie',
      '7.5',
      '100',
      e.year,
      'Drama, Comedy',
      '12345',
      `${e.year}-01-01`,
      'Some Director, Another One',
    ]);
  return csvLines([header, ...rows], options.style);
}

/** IMDb's list or watchlist export (the name decides which, as IMDb names them `WATCHLIST.csv` or by the list). */
export function imdbListCsv(entries: FixtureEntry[] = FIXTURE_ENTRIES, style: CsvStyle = {}): string {
  const header = ['Position', 'Const', 'Created', 'Modified', 'Description', 'Title', 'Original Title', 'URL', 'Title Type', 'IMDb Rating', 'Runtime (mins)', 'Year', 'Genres', 'Num Votes', 'Release Date', 'Directors', 'Your Rating', 'Date Rated'];
  const rows = entries.map((e, i) => [
    i + 1,
    e.tconst,
    e.date ?? '2024-01-01',
    e.date ?? '2024-01-01',
    '',
    e.title,
    e.title,
    ...imdbFacts(e),
    'Movie',
    '7.5',
    '100',
    e.year,
    'Drama',
    '12345',
    `${e.year}-01-01`,
    'Some Director',
    e.stars ?? '',
    e.stars ? (e.date ?? '') : '',
  ]);
  return csvLines([header, ...rows], style);
}

/** A CSV in the shape Letterboxd's importer reads, with the columns asked for (default: the usual ones). */
export function importerCsv(
  entries: FixtureEntry[] = FIXTURE_ENTRIES,
  columns: readonly string[] = ['Title', 'Year', 'imdbID', 'WatchedDate', 'Rating10', 'Rewatch', 'Review'],
  style: CsvStyle = {},
): string {
  const value = (e: FixtureEntry, column: string, i: number): string | number | null | undefined =>
    ({
      Position: i + 1,
      LetterboxdURI: boxd(e.tconst),
      tmdbID: '',
      imdbID: e.tconst,
      Title: e.title,
      Year: e.year,
      Directors: 'Some Director',
      WatchedDate: e.watchedOn,
      Rating: half(e.stars),
      Rating10: e.stars,
      Tags: '',
      Review: e.review,
      Rewatch: e.rewatch ? 'true' : 'false',
    })[column];
  return csvLines([[...columns], ...entries.map((e, i) => columns.map((column) => value(e, column, i)))], style);
}

/** A Letterboxd ratings.csv of `rows` rows, built by repetition so a million rows cost little. */
export function manyRowsCsv(rows: number): string {
  return `Date,Name,Year,Letterboxd URI,Rating\n${'2024-01-01,Casablanca,1942,https://boxd.it/a,4.5\n'.repeat(rows)}`;
}

/** A zip whose one entry (`ratings.csv`) unpacks from a few kilobytes to `megabytes` of zeros. */
export function zipBombFixture(megabytes = 64): Buffer {
  return zipFixture({ 'ratings.csv': new Uint8Array(megabytes * 1024 * 1024) });
}
