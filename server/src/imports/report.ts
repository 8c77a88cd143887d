import { stringify } from 'csv-stringify/sync';
import type { ImportRowRecord } from './queries';

const HEADER = ['File', 'Line', 'Kind', 'Title', 'Year', 'List', 'Match', 'IMDb id', 'Outcome', 'Reason'];

/** An import's rows as CSV: where each came from, what it matched, and what happened to it (with a BOM, for spreadsheets). */
export function reportCsv(rows: ImportRowRecord[], listNames: Map<number, string>): string {
  const records = rows.map((row) => [
    row.file,
    row.line,
    row.kind,
    row.title,
    row.year ?? '',
    row.list_index === null ? '' : (listNames.get(row.list_index) ?? ''),
    row.match,
    row.tconst ?? '',
    row.outcome ?? 'not imported yet',
    row.reason ?? '',
  ]);
  return `\uFEFF${stringify([HEADER, ...records], { record_delimiter: 'windows' })}`;
}
