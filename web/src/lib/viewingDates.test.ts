import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diaryMonth, namesText, viewingDate } from './viewingDates';

describe('viewing dates and names', () => {
  it('reads a calendar day without shifting it by the time zone', () => {
    assert.equal(viewingDate('2025-03-01', 'en-US'), 'March 1, 2025');
    assert.equal(viewingDate('2025-12-31', 'en-GB'), '31 December 2025');
    assert.equal(diaryMonth('2025-03-31', 'en-US'), 'March 2025');
    assert.equal(viewingDate('not a date'), 'not a date');
  });

  it('joins names as a sentence does', () => {
    assert.equal(namesText([]), '');
    assert.equal(namesText(['bob']), 'bob');
    assert.equal(namesText(['bob', 'cat']), 'bob and cat');
    assert.equal(namesText(['bob', 'cat', 'dee']), 'bob, cat and dee');
  });
});
