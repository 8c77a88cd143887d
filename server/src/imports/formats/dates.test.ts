import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseDate } from './dates';

describe('dates in imported files', () => {
  it('reads the forms exports write as YYYY-MM-DD', () => {
    const cases: [string, string][] = [
      ['2023-01-31', '2023-01-31'],
      ['2023-1-5', '2023-01-05'],
      ['2023/01/31', '2023-01-31'],
      ['2023-01-31T23:59:59Z', '2023-01-31'],
      ['2023-01-31 08:00:00', '2023-01-31'],
      ['Tue Jan 31 00:00:00 2023', '2023-01-31'],
      ['Tue Jan 31 00:00:00 PST 2023', '2023-01-31'],
      ['Jan 31, 2023', '2023-01-31'],
      ['January 31 2023', '2023-01-31'],
      ['31 Jan 2023', '2023-01-31'],
      ['31/01/2023', '2023-01-31'],
      ['01/31/2023', '2023-01-31'],
      ['31.01.2023', '2023-01-31'],
      ['  2024-02-29  ', '2024-02-29'],
    ];
    for (const [text, day] of cases) assert.equal(normaliseDate(text), day, text);
  });

  it('gives null, never an error, for what it cannot read for sure', () => {
    for (const text of ['', '   ', 'yesterday', '2023-02-30', '2023-13-01', '03/04/2023', '31/31/2023', 'Foo 31 2023', '23-01-31', '2023', null, undefined]) {
      assert.equal(normaliseDate(text), null, String(text));
    }
  });
});
