import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTranslator } from '../i18n';
import { createServerTranslatorFor } from '../i18n/translator';
import { noticeText } from './noticeText';

describe("a notification's sentence in the bell", () => {
  it("writes a movie night's day and start the English way, on the night's own clock", () => {
    assert.match(noticeText('Reminder: the Friday Frights movie night starts at 20:00 on 2026-12-20.'), /^Reminder: the Friday Frights movie night starts at 8:00\sPM on Sun, Dec 20, 2026\.$/);
    assert.equal(noticeText('A movie night of Friday Frights is scheduled for 2027-01-03.'), 'A movie night of Friday Frights is scheduled for Sun, Jan 3, 2027.');
    assert.equal(noticeText('The Friday Frights movie night of 2026-12-20 is cancelled.'), 'The Friday Frights movie night of Sun, Dec 20, 2026 is cancelled.');
    assert.match(noticeText('The Friday Frights movie night moved to 2026-12-31 at 23:30.'), /^The Friday Frights movie night moved to Thu, Dec 31, 2026 at 11:30\sPM\.$/);
    // The place is not part of the start, whatever it holds.
    assert.match(noticeText("The Friday Frights movie night moved to 2026-12-20 at 09:05, Ann's, at 5th Street."), /^The Friday Frights movie night moved to Sun, Dec 20, 2026 at 9:05\sAM, Ann's, at 5th Street\.$/);
  });

  it('leaves what is not a day or a start as the server wrote it', () => {
    // A list named like a day keeps its name; a day that does not exist stays as sent.
    assert.equal(noticeText('A movie night of 2026-01-01 is scheduled for 2026-12-20.'), 'A movie night of 2026-01-01 is scheduled for Sun, Dec 20, 2026.');
    assert.equal(noticeText('The Friday Frights movie night of 2026-02-30 is cancelled.'), 'The Friday Frights movie night of 2026-02-30 is cancelled.');
    assert.equal(noticeText("The Friday Frights movie night is now at Bob's den."), "The Friday Frights movie night is now at Bob's den.");
    assert.equal(noticeText('ann commented on your review of 2001.'), 'ann commented on your review of 2001.');
  });

  it('writes them the German way in a German sentence', () => {
    applyTranslator('de', null, createServerTranslatorFor('de'));
    try {
      const cases: [string, string][] = [
        ['A movie night of Friday Frights is scheduled for 2026-12-20.', 'Ein Filmabend zu Friday Frights ist für den So., 20. Dez. 2026 geplant.'],
        ['The Friday Frights movie night moved to 2026-12-20 at 20:00.', 'Der Filmabend zu Friday Frights wurde auf den So., 20. Dez. 2026 um 20:00 verschoben.'],
        ["The Friday Frights movie night moved to 2026-12-20 at 09:30, Ann's at the lake.", "Der Filmabend zu Friday Frights wurde auf den So., 20. Dez. 2026 um 9:30 verschoben, Ort: Ann's at the lake."],
        ['The Friday Frights movie night of 2026-12-20 is cancelled.', 'Der Filmabend zu Friday Frights am So., 20. Dez. 2026 fällt aus.'],
        ['Reminder: the Friday Frights movie night starts at 20:00 on 2026-12-20.', 'Erinnerung: Der Filmabend zu Friday Frights beginnt am So., 20. Dez. 2026 um 20:00.'],
        ['ann commented on your review of Alien.', 'ann hat deine Kritik zu Alien kommentiert.'],
      ];
      for (const [english, german] of cases) assert.equal(noticeText(english), german);
    } finally {
      applyTranslator('en', null);
    }
  });
});
