import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { iconCodepoints, unicodeRangePoints, usedIconNames } from '../../build/iconSubset';

const here = path.dirname(fileURLToPath(import.meta.url));
const subsetCss = fs.readFileSync(path.join(here, 'icons.css'), 'utf8');
const packageCss = fs.readFileSync(path.resolve(here, '../../../node_modules/primeicons/primeicons.css'), 'utf8');

describe('the icon font cut to the icons the client names', () => {
  const used = usedIconNames(path.resolve(here, '..'));

  it('finds the icons written in the screens', () => {
    // Names from three screens, so a scanner that finds nothing cannot pass the checks below.
    for (const name of ['bars', 'heart', 'star-fill']) assert.ok(used.includes(name), `pi-${name} is named in web/src`);
  });

  it('draws every icon the client names, with PrimeIcons’ own glyph (else: npx tsx web/build/subsetIcons.ts)', () => {
    const packageIcons = iconCodepoints(packageCss);
    const subsetIcons = iconCodepoints(subsetCss);
    const inFont = unicodeRangePoints(subsetCss);
    for (const name of used) {
      assert.equal(subsetIcons.get(name), packageIcons.get(name), `pi-${name} has PrimeIcons' code point in icons.css`);
      assert.ok(inFont.has(packageIcons.get(name)!), `pi-${name}'s glyph is in the cut font`);
    }
  });
});
