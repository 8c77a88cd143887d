import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTranslator } from '../../i18n';
import { createTranslator } from '../../i18n/translator';
import { recommendationLine } from './recommendationReason';

describe("a recommendation's line", () => {
  const reason = (kind: 'also' | 'rated_alike' | 'genres' | 'style', genres: string[], year: number | null) => ({ review: 'as the server wrote it', reason: { kind, genres, year } });

  it('words a reason as the server does in English, and leaves a review as written', () => {
    assert.equal(recommendationLine(reason('also', ['Horror', 'Sci-Fi'], 1978)), 'Also Horror and Sci-Fi, 1978');
    assert.equal(recommendationLine(reason('genres', ['Romance', 'War', 'Drama'], null)), 'Romance, War and Drama');
    assert.equal(recommendationLine(reason('style', [], 1950)), 'From 1950');
    assert.equal(recommendationLine({ review: 'A tense little classic.', reason: null }), 'A tense little classic.');
  });

  it('words it in German for a German reader, the year as a year', () => {
    applyTranslator('de', createTranslator('de'));
    try {
      assert.equal(recommendationLine(reason('also', ['Horror', 'Sci-Fi'], 1978)), 'Ebenfalls Horror und Sci-Fi, 1978');
      assert.equal(recommendationLine(reason('rated_alike', [], 2001)), 'Hier ähnlich bewertet, 2001');
      assert.equal(recommendationLine(reason('style', [], null)), 'Ähnlich im Stil');
      assert.equal(recommendationLine({ review: 'A tense little classic.', reason: null }), 'A tense little classic.');
    } finally {
      applyTranslator('en', null);
    }
  });
});
