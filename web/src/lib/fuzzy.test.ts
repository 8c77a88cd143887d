import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyScore } from './fuzzy';

describe('fuzzyScore', () => {
  it('matches characters in order, ignoring case', () => {
    assert.notEqual(fuzzyScore('GDFTH', 'The Godfather'), null);
    assert.notEqual(fuzzyScore('godfather', 'THE GODFATHER'), null);
  });

  it('does not match when a character is missing or out of order', () => {
    assert.equal(fuzzyScore('godz', 'The Godfather'), null);
    assert.equal(fuzzyScore('fg', 'The Godfather'), null);
    assert.equal(fuzzyScore('godfatherr', 'The Godfather'), null);
  });

  it('matches everything with an empty or blank query', () => {
    assert.equal(fuzzyScore('', 'Heat'), 0);
    assert.equal(fuzzyScore('   ', 'Heat'), 0);
  });

  it('ignores spaces in the query and accents in titles', () => {
    assert.notEqual(fuzzyScore('god father', 'The Godfather'), null);
    assert.notEqual(fuzzyScore('amelie', 'Amélie'), null);
  });

  it('scores consecutive characters higher than scattered ones', () => {
    const together = fuzzyScore('ali', 'Alien')!;
    const apart = fuzzyScore('ali', 'A Little Island')!;
    assert.ok(together > apart, `${together} > ${apart}`);
  });

  it('scores word starts higher than characters inside words', () => {
    const starts = fuzzyScore('pf', 'Pulp Fiction')!;
    const inside = fuzzyScore('pf', 'Upfront')!;
    assert.ok(starts > inside, `${starts} > ${inside}`);
  });

  it('finds the best alignment, not only the first one', () => {
    // Greedy matching would take the first 'a' and lose the consecutive 'ab'.
    assert.ok(fuzzyScore('ab', 'xa ab')! > fuzzyScore('ab', 'xa b')!);
    assert.equal(fuzzyScore('ab', 'xa ab'), 1 + 3 + 1 + 5);
  });
});
