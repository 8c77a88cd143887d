import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SERVER_CATALOGUES } from '@movieclub/contract/serverCatalogues';
import type { ImportRowRecord } from './queries';
import { joinReasons, reportCsv } from './report';

const row = (id: number, reason: string): ImportRowRecord => ({
  id,
  import_id: 1,
  file: 'diary.csv',
  line: id + 1,
  kind: 'diary',
  title: 'Dune',
  year: 2021,
  given_tconst: null,
  stars: 8,
  rated_on: null,
  watched_on: '2024-02-28',
  rewatch: 0,
  review: null,
  list_index: null,
  position: null,
  club: null,
  match: 'matched',
  tconst: 'tt1160419',
  candidates: '[]',
  outcome: 'skipped',
  reason,
});

/** The report's reason column, row by row. */
const reasonsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.slice(line.lastIndexOf(',Übersprungen,') + ',Übersprungen,'.length).replace(/^"|"$/g, ''));

describe('the import report in German', () => {
  const de = SERVER_CATALOGUES.de;

  it('translates each of the reasons a row was given, not only a row with one', () => {
    const csv = reportCsv(
      [
        row(1, joinReasons(['Already in your diary on that day.', 'Your review here is as new or newer.'])),
        row(2, joinReasons(['The watched date 1869-12-31 is not a day this diary can hold.', 'Reviews here need a rating from 1 to 10; this row has none.'])),
        row(3, 'Your review here is as new or newer.'),
      ],
      new Map(),
      'de',
    );
    assert.deepEqual(reasonsOf(csv), [
      `${de['Already in your diary on that day.']} ${de['Your review here is as new or newer.']}`,
      `${de['The watched date {{watched_on}} is not a day this diary can hold.'].replace('{{watched_on}}', '1869-12-31')} ${de['Reviews here need a rating from 1 to 10; this row has none.']}`,
      de['Your review here is as new or newer.'],
    ]);
  });

  it("keeps a reason whole whose filled-in name reads like two sentences ('Dr. No')", () => {
    const csv = reportCsv([row(1, 'You chose to skip the list “Dr. No. Bond”.')], new Map(), 'de');
    assert.deepEqual(reasonsOf(csv), [de['You chose to skip the list “{{name}}”.'].replace('{{name}}', 'Dr. No. Bond')]);
  });
});
