import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROFILE_BORDER_PALETTE } from '@movieclub/contract';
import { ApiError } from '../../api/client';
import { averageText, borderColorFor, contrastRatio, genresText, localDate, nextTierText, profileErrorText, progressLabelColor, starsText, titleWithYear } from './profileView';

describe('profile view helpers', () => {
  it('cycles the 7-colour border palette by level', () => {
    assert.equal(PROFILE_BORDER_PALETTE.length, 7);
    assert.equal(new Set(PROFILE_BORDER_PALETTE).size, 7);
    assert.equal(borderColorFor(1), PROFILE_BORDER_PALETTE[0]);
    assert.equal(borderColorFor(7), PROFILE_BORDER_PALETTE[6]);
    assert.equal(borderColorFor(8), PROFILE_BORDER_PALETTE[0]);
    assert.equal(borderColorFor(9), PROFILE_BORDER_PALETTE[1]);
    assert.equal(borderColorFor(0), PROFILE_BORDER_PALETTE[0]);
  });

  it('writes the tier bar percent in a colour readable on every level colour', () => {
    assert.equal(contrastRatio('#ffffff', '#000000').toFixed(1), '21.0');
    for (const fill of PROFILE_BORDER_PALETTE) {
      const text = progressLabelColor(fill, 40);
      assert.ok(contrastRatio(fill, text) >= 4.5, `${text} on ${fill}`);
    }
    assert.equal(progressLabelColor('#9c27b0', 40), '#ffffff');
    assert.equal(progressLabelColor('#ffd700', 40), '#111827');
    // At 0 % the label sits on the light grey track.
    assert.equal(progressLabelColor('#9c27b0', 0), '#111827');
  });

  it('shows dates locally and a dash when there is none', () => {
    assert.equal(localDate('2025-03-04T12:00:00.000Z', 'en-US'), '3/4/2025');
    assert.equal(localDate(null), '—');
    assert.equal(localDate('not a date'), '—');
  });

  it('formats genres, stars, averages and titles', () => {
    assert.equal(genresText('Comedy,Fantasy,Horror'), 'Comedy, Fantasy, Horror');
    assert.equal(genresText(null), 'Unknown genres');
    assert.equal(genresText(' , '), 'Unknown genres');
    assert.equal(starsText(7), '7/10');
    assert.equal(starsText(null), '—');
    assert.equal(averageText(5.7), '5.7');
    assert.equal(averageText(6), '6.0');
    assert.equal(averageText(null), '—');
    assert.equal(titleWithYear('Troll 2', 1990), 'Troll 2 (1990)');
    assert.equal(titleWithYear('Troll 2', null), 'Troll 2');
  });

  it('shows the next-tier line only when a next tier exists', () => {
    assert.equal(nextTierText(4, 5), '4/5 reviews to next tier');
    assert.equal(nextTierText(1200, null), null);
  });

  it('tells an unsuccessful reply from a failed request', () => {
    assert.equal(profileErrorText(new ApiError('User not found.', 404, { success: false, error: 'User not found.' })), 'User not found.');
    assert.equal(profileErrorText(new ApiError('', 404, { success: false })), 'Not found');
    assert.equal(profileErrorText(new ApiError('Network request failed.', 0)), 'Failed to load profile');
    assert.equal(profileErrorText(new ApiError('', 502, null)), 'Failed to load profile');
    assert.equal(profileErrorText(new TypeError('boom')), 'Failed to load profile');
  });
});
