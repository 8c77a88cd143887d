import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { yearCardPng, yearCardSvg } from './card';
import { memberCard } from './service';

const card = {
  banner: 'MovieClub · Year in review',
  heading: 'ann <&> "friends"',
  year: 2026,
  figures: [
    { label: 'Films', value: '42' },
    { label: 'Hours', value: '80.5' },
  ],
  lists: [{ title: 'Top films', lines: ['Alien (1979)', 'A title far too long to fit on one line of the card at all'] }],
};

describe('the year card', () => {
  it('escapes what members wrote and shortens long lines', () => {
    const svg = yearCardSvg(card);
    assert.ok(svg.includes('ann &lt;&amp;&gt; &quot;friends&quot; · 2026'));
    assert.ok(!svg.includes('<&>'));
    assert.ok(svg.includes('A title far too long to fit on on…'));
  });

  it('writes a member’s card in the language asked for, figures as that language writes them', () => {
    const review = {
      username: 'ann',
      year: 2026,
      totals: { films: 3, hours: 4.5, reviews: 2, viewings: 3 },
      top_films: [{ stars: 9, title: 'Alien' }],
      genres: [{ name: 'Horror', count: 2 }],
    } as unknown as Parameters<typeof memberCard>[0];
    const english = yearCardSvg(memberCard(review, 'en'));
    assert.ok(english.includes('MOVIECLUB · YEAR IN REVIEW') && english.includes('>Hours<') && english.includes('>4.5<') && english.includes('TOP FILMS'));
    const german = yearCardSvg(memberCard(review, 'de'));
    assert.ok(german.includes('MOVIECLUB · JAHRESRÜCKBLICK'), german);
    assert.ok(german.includes('>Stunden<') && german.includes('>4,5<') && german.includes('TOP-FILME') && german.includes('LIEBLINGSGENRES'));
    // What members wrote and the titles stay as they are.
    assert.ok(german.includes('ann · 2026') && german.includes('9★ Alien') && german.includes('>Horror<'));
    // A list with nothing in it shows no bare heading.
    const noGenres = yearCardSvg(memberCard({ ...review, genres: [] }, 'en'));
    assert.ok(noGenres.includes('TOP FILMS') && !noGenres.includes('FAVOURITE GENRES'));
  });

  it('renders a 1200×630 PNG', async () => {
    const png = await yearCardPng(card);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 1200);
    assert.equal(meta.height, 630);
  });
});
