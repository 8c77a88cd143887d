import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { budgetLabel } from '../../lib/budget';
import { averageText, EMPTY_REVIEW_FORM, formChoicesFromReview, parseMovieId, reviewPayload, tconstFromLink, yesNo } from './movieFormat';

describe('movie page formatting', () => {
  it('accepts only a positive whole number as the movie id', () => {
    assert.equal(parseMovieId('42'), 42);
    for (const bad of ['abc', '0', '12x', '-3', '1.5', '', undefined, '9'.repeat(16), '2147483648']) assert.equal(parseMovieId(bad), null, String(bad));
  });

  it('takes the tt-number from the IMDb link', () => {
    assert.equal(tconstFromLink('https://www.imdb.com/title/tt0111161/'), 'tt0111161');
    assert.equal(tconstFromLink('https://www.imdb.com/title/tt12345678/?ref=x'), 'tt12345678');
    assert.equal(tconstFromLink('https://www.imdb.com/'), null);
    assert.equal(tconstFromLink(null), null);
  });

  it('shows the average with one decimal and the count, or N/A', () => {
    assert.equal(averageText(7.25, 4), '7.3 (4 ratings)');
    assert.equal(averageText(8, 1), '8.0 (1 rating)');
    assert.equal(averageText(null, 0), 'N/A');
    assert.equal(averageText(5, 0), 'N/A');
  });

  it('labels budget bands and flags', () => {
    assert.equal(budgetLabel('10000000-up'), '10M+');
    assert.equal(budgetLabel('0-1000'), '0 - 1K');
    assert.equal(budgetLabel('lots'), null);
    assert.deepEqual([yesNo(true), yesNo(false), yesNo(null)], ['YES', 'NO', null]);
  });

  it('sends every field of an empty form as null but the empty text box, so a stored text stays', () => {
    const empty = {
      movie_id: 7,
      stars: null,
      ttm_rating: null,
      pain_level: null,
      smoke_alarms: null,
      equipment_seen: null,
      estimated_budget: null,
      spoiler: false,
    };
    assert.deepEqual(reviewPayload(7, EMPTY_REVIEW_FORM), empty);
    assert.deepEqual(reviewPayload(7, { ...EMPTY_REVIEW_FORM, text: ' \n ' }), empty);
  });

  it('sends a full form as the review post, text as typed', () => {
    const form = { stars: 8, ttm_rating: 'A' as const, pain_level: 3, smoke_alarms: false, equipment_seen: true, estimated_budget: '1000-10000' as const, text: ' <b>Bold</b> ', spoiler: true };
    assert.deepEqual(reviewPayload(7, form), { movie_id: 7, ...form });
  });

  it("opens the form on the user's own review, leaving the text box empty", () => {
    const review = {
      id: 1,
      user: { username: 'ash', profile_picture: null },
      created_at: '2024-01-01T00:00:00.000Z',
      ttm_rating: 'A',
      stars: 8,
      acting: 8,
      trash_rating: 6,
      smoke_alerms: true,
      how_painful: 7,
      movie_equipment_seen: false,
      estitamated_budget: '1000-10000',
      text: 'Groovy.',
      spoiler: true,
      mentions: [],
      comment_count: 0,
      reactions: { counts: {}, mine: [] },
    };
    assert.deepEqual(formChoicesFromReview(review), {
      stars: 8,
      ttm_rating: 'A',
      pain_level: 7,
      smoke_alarms: true,
      equipment_seen: false,
      estimated_budget: '1000-10000',
      spoiler: true,
    });
    const bare = { ...review, ttm_rating: 'Q', smoke_alerms: null, how_painful: null, movie_equipment_seen: null, estitamated_budget: 'lots', spoiler: false };
    assert.deepEqual(formChoicesFromReview(bare), {
      stars: 8,
      ttm_rating: null,
      pain_level: null,
      smoke_alarms: null,
      equipment_seen: null,
      estimated_budget: null,
      spoiler: false,
    });
  });
});
