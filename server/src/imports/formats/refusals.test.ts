import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { IMPORT_ROWS_MAX } from '@movieclub/contract';
import fc from 'fast-check';
import { csvLines, FIXTURE_ENTRIES, letterboxdCsv, letterboxdZipFixture, manyRowsCsv, zipBombFixture, zipFixture } from './fixtures';
import { parseImportFile, readUpload } from './parse';
import { ImportFileError } from './types';
import { UNZIP_LIMITS } from './unzip';

/** Asserts the upload is refused with exactly this sentence (or one matching the pattern). */
async function refused(upload: Promise<unknown>, sentence: string | RegExp) {
  await assert.rejects(upload, (error: unknown) => {
    assert.ok(error instanceof ImportFileError, `an ImportFileError, not ${String(error)}`);
    if (typeof sentence === 'string') assert.equal(error.message, sentence);
    else assert.match(error.message, sentence);
    return true;
  });
}

const NOT_UTF8 = 'The file is not UTF-8 text. Export it again, or save it as UTF-8, and upload it again.';
const EMPTY = 'The file is empty. Choose the export file again.';
const DAMAGED = 'The zip file could not be read; it may be damaged or cut short. Download the export again and upload it as it came.';

describe('refusing files that cannot be imported', () => {
  it('refuses a zip bomb by its unpacking ratio, quickly and before unpacking it all', async () => {
    const bomb = zipBombFixture(64);
    assert.ok(bomb.length < 200 * 1024, `the bomb is small packed (${bomb.length} bytes)`);
    const started = performance.now();
    await refused(
      parseImportFile(bomb, 'letterboxd.zip'),
      'ratings.csv unpacks to more than 100 times its packed size, as zip bombs do, so the zip was refused. Upload the export as it came.',
    );
    assert.ok(performance.now() - started < 2000);
  });

  it('refuses a zip unpacking past the total limit, even when each entry packs modestly', async () => {
    const text = () => randomBytes(300 * 1024).toString('hex'); // 600 KB each, packing about 2:1
    const zip = zipFixture({ 'ratings.csv': text(), 'diary.csv': text() });
    await refused(
      readUpload(zip, 'letterboxd.zip', { unzip: { ...UNZIP_LIMITS, totalBytes: 1024 * 1024 } }),
      'The zip unpacks to more than 1 MB, more than any export, so it was refused. Upload the export as it came.',
    );
  });

  it('refuses entries whose names reach outside the folder', async () => {
    for (const name of ['../x.csv', 'lists/../../x.csv', '/etc/ratings.csv', 'C:/ratings.csv', 'c:ratings.csv', 'lists\\x.csv']) {
      const zip = zipFixture({ 'ratings.csv': letterboxdCsv('ratings'), [name]: 'Date,Name\n' });
      await refused(
        parseImportFile(zip, 'letterboxd.zip'),
        `The zip holds a file named “${name}”, which points outside its folder, so it was refused. Upload the export as it came.`,
      );
    }
  });

  it('refuses a zip of more entries than any export has', async () => {
    const files: Record<string, string> = { 'ratings.csv': letterboxdCsv('ratings') };
    for (let i = 0; i < 2001; i++) files[`likes/${i}.txt`] = 'x';
    await refused(parseImportFile(zipFixture(files), 'letterboxd.zip'), 'The zip holds more than 2,000 files; an export holds far fewer. Upload the export as it came.');
  });

  it(`stops reading at ${IMPORT_ROWS_MAX.toLocaleString('en')} rows, in one CSV of a million rows or across a zip's files`, async () => {
    const million = Buffer.from(manyRowsCsv(1_000_001));
    const tooMany = `The file holds more than ${IMPORT_ROWS_MAX.toLocaleString('en')} rows; one import takes at most ${IMPORT_ROWS_MAX.toLocaleString('en')}. Split it into smaller files and import them one by one.`;
    assert.equal(tooMany, 'The file holds more than 100,000 rows; one import takes at most 100,000. Split it into smaller files and import them one by one.');
    const started = performance.now();
    await refused(parseImportFile(million, 'ratings.csv'), tooMany);
    assert.ok(performance.now() - started < 10_000, 'reading stops at the limit');
    // Varied rows, packing as real exports do (a file of one row repeated packs like a zip bomb).
    const rows = (count: number, rating: boolean) =>
      `Date,Name,Year,Letterboxd URI${rating ? ',Rating' : ''}\n` +
      Array.from({ length: count }, (_, i) => `2024-01-01,Film number ${i},${1900 + (i % 120)},https://boxd.it/${i.toString(36)}${rating ? `,${(i % 10) / 2 + 0.5}` : ''}\n`).join('');
    const zip = zipFixture({ 'ratings.csv': rows(IMPORT_ROWS_MAX / 2 + 1, true), 'watched.csv': rows(IMPORT_ROWS_MAX / 2, false) });
    await refused(parseImportFile(zip, 'letterboxd.zip'), tooMany);
  });

  it('refuses columns it does not know, saying which it expected', async () => {
    await refused(
      parseImportFile(Buffer.from('Film,Score\nCasablanca,5\n'), 'films.csv'),
      /^The file's columns are not ones this server can import \(found Film, Score\)\. Expected a CSV from a Letterboxd export \(ratings\.csv: Date, Name, Year, Letterboxd URI, Rating\), an IMDb ratings, list or watchlist export \(Const, Your Rating, Date Rated, Title, …\), or a CSV with the columns of Letterboxd's importer \(any of LetterboxdURI, tmdbID, imdbID, Title, Year, Directors, WatchedDate, Rating, Rating10, Tags, Review, Rewatch\)\.$/,
    );
    const zip = zipFixture({ 'ratings.csv': 'Film,Score\nCasablanca,5\n', 'diary.csv': letterboxdCsv('diary') });
    await refused(
      parseImportFile(zip, 'letterboxd.zip'),
      "ratings.csv does not have the columns of Letterboxd's ratings.csv: expected Date, Name, Year, Letterboxd URI, Rating; found Film, Score.",
    );
    await refused(
      parseImportFile(zipFixture({ 'lists/x.csv': 'Film,Score\n' }), 'letterboxd.zip'),
      'lists/x.csv is not a Letterboxd list: expected a first line “Letterboxd list export v7”, or the columns Position, Title, Year; found Film, Score.',
    );
  });

  it('refuses text that is not UTF-8: Latin-1, UTF-16, binaries; inside a zip too', async () => {
    const latin1 = Buffer.from(letterboxdCsv('ratings', FIXTURE_ENTRIES), 'latin1');
    assert.ok(latin1.includes(0xe9), 'Amélie is written in Latin-1');
    await refused(parseImportFile(latin1, 'ratings.csv'), NOT_UTF8);
    await refused(parseImportFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(letterboxdCsv('ratings'), 'utf16le')]), 'ratings.csv'), NOT_UTF8);
    await refused(parseImportFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]), 'picture.png'), NOT_UTF8);
    await refused(
      parseImportFile(zipFixture({ 'ratings.csv': latin1 }), 'letterboxd.zip'),
      'ratings.csv is not UTF-8 text. Export it again, and upload the zip as it came.',
    );
  });

  it('refuses an empty file, one of only white space, and one with columns but no rows', async () => {
    await refused(parseImportFile(Buffer.alloc(0), 'ratings.csv'), EMPTY);
    await refused(parseImportFile(Buffer.from('\uFEFF \r\n\n'), 'ratings.csv'), EMPTY);
    await refused(parseImportFile(Buffer.from('Date,Name,Year,Letterboxd URI,Rating\r\n'), 'ratings.csv'), 'The file holds no films to import: it has its columns but no rows.');
    await refused(parseImportFile(zipFixture({ 'ratings.csv': '', 'diary.csv': '' }), 'letterboxd.zip'), /^The zip holds no file this server can import\./);
    await refused(parseImportFile(zipFixture({}), 'empty.zip'), /^The zip holds no file this server can import\./);
  });

  it('refuses a zip cut short or otherwise damaged', async () => {
    const zip = letterboxdZipFixture();
    await refused(parseImportFile(zip.subarray(0, Math.floor(zip.length / 2)), 'letterboxd.zip'), DAMAGED);
  });

  it('refuses a CSV whose quote never closes, naming the line', async () => {
    const text = csvLines([['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'], ['2024-01-01', 'Casablanca', '1942', 'x', '4']]) + '2024-01-02,"Road House,1989,x,3\n';
    await refused(parseImportFile(Buffer.from(text), 'ratings.csv'), 'ratings.csv, line 3: a quoted field is never closed, so the file cannot be read. Export it again.');
  });

  it("refuses a movieclub export of a version this server does not read, or that is not one", async () => {
    const document = (version: unknown) => JSON.stringify({ format: 'movieclub', version, exported_at: '2026-01-01T00:00:00Z', user: { username: 'a', created_at: '' } });
    await refused(
      parseImportFile(zipFixture({ 'movieclub.json': document(2) }), 'export.zip'),
      'This movieclub export is version 2; this server reads version 1. Export again from a server of the same version, or update this one.',
    );
    await refused(parseImportFile(zipFixture({ 'movieclub.json': '{"format":' }), 'export.zip'), 'movieclub.json is not valid JSON. Export again and upload the zip as it came.');
    await refused(parseImportFile(zipFixture({ 'movieclub.json': document(1) }), 'export.zip'), /^movieclub\.json is not complete \(movies: /);
  });

  it('refuses a file larger than the upload limit', async () => {
    await refused(parseImportFile(Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), 'big.csv'), /^The file is larger than 50 MB\./);
  });

  it('never fails other than with a sentence, whatever the bytes (damaged zips and random text)', async () => {
    const zip = letterboxdZipFixture();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(zip.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        async (changes) => {
          const damaged = Buffer.from(zip);
          for (const [at, value] of changes) damaged[at] = value;
          await readUpload(damaged, 'letterboxd.zip').catch((error: unknown) => {
            if (!(error instanceof ImportFileError)) throw error;
          });
        },
      ),
      { numRuns: 300, seed: 20_261_203 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 400 }), async (text) => {
        await readUpload(Buffer.from(`Date,Name,Year,Letterboxd URI,Rating\n${text}`), 'ratings.csv').catch((error: unknown) => {
          if (!(error instanceof ImportFileError)) throw error;
        });
      }),
      { numRuns: 300, seed: 20_261_203 },
    );
  });
});
