import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Pace } from './pace';
import { ImportFileError } from './types';

/** One CSV record and the line of the file it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/** Bytes handed to the CSV parser at a time. */
const PIECE = 64 * 1024;
/** Longest row read, in characters; a quote never closed would otherwise swallow the rest of the file into one row. */
const RECORD_MAX = 1_000_000;

export const NOT_UTF8 = 'The file is not UTF-8 text. Export it again, or save it as UTF-8, and upload it again.';

const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Refuses bytes that are not UTF-8 (Latin-1 or UTF-16 files saved by spreadsheets, binaries). */
export function requireUtf8(bytes: Uint8Array, file: string, standalone: boolean): void {
  if (isUtf8(bytes)) return;
  throw new ImportFileError(standalone ? NOT_UTF8 : `${file} is not UTF-8 text. Export it again, and upload the zip as it came.`);
}

/** Whether the bytes hold nothing but a byte-order mark and white space. */
export function isBlank(bytes: Uint8Array): boolean {
  if (bytes.length > 4096) return false;
  return asBuffer(bytes).toString('utf8').replace(/^\uFEFF/, '').trim() === '';
}

function countNewlines(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(10, from); at !== -1 && at < to; at = bytes.indexOf(10, at + 1)) count += 1;
  return count;
}

function* pieces(bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; offset += PIECE) yield bytes.subarray(offset, offset + PIECE);
}

function sentenceFor(error: CsvError, file: string, line: number): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return `${file}, line ${line}: a quoted field is never closed, so the file cannot be read. Export it again.`;
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return `${file}, line ${line}: a row is longer than ${RECORD_MAX.toLocaleString('en')} characters, so the file cannot be read. Export it again.`;
  }
  return `${file}, line ${line} is not valid CSV, so the file cannot be read. Export it again.`;
}

/**
 * The records of a UTF-8 CSV file (check it with requireUtf8 first), read in pieces so a
 * large file never holds the event loop: quotes, doubled quotes, commas and line breaks
 * inside quotes, a byte-order mark and CRLF or LF line ends are understood. Rows with
 * only empty cells (blank lines) are left out; rows may have any number of cells.
 */
export async function* csvRecords(data: Uint8Array, file: string, pace: Pace): AsyncGenerator<CsvRecord> {
  const bytes = asBuffer(data);
  const source = Readable.from(pieces(bytes));
  // Where the parser (which runs ahead of this loop) last finished a record: a failure starts after it.
  let parsedUpTo = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    info: true,
    max_record_size: RECORD_MAX,
    on_record: (record, context) => {
      parsedUpTo = context.bytes;
      return record;
    },
  });
  source.pipe(parser);
  let offset = 0;
  let line = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      const start = line;
      line += countNewlines(bytes, offset, info.bytes);
      offset = info.bytes;
      await pace.turn();
      if (record.every((cell) => cell.trim() === '')) continue;
      yield { cells: record, line: start };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(sentenceFor(error, file, line + countNewlines(bytes, offset, parsedUpTo)));
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
