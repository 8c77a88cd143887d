import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, SCREENSHOT_DIR, type Site } from './support/harness';

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Long and short titles, with a drawn poster (IMDb ids of the bundled sample, so
 * the server can draw them) or none, added a day apart in January 2025.
 */
const CATALOGUE: { title: string; tconst?: string; drawn?: boolean }[] = [
  { title: 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb' },
  { title: 'Heat', tconst: 'tt0113277', drawn: true },
  { title: 'Borat: Cultural Learnings of America for Make Benefit Glorious Nation of Kazakhstan' },
  { title: 'Alien', tconst: 'tt0078748', drawn: true },
  { title: 'Incomprehensibilities of the Extraordinarily Overcomplicated' },
  { title: 'Up' },
  { title: 'The Lord of the Rings: The Return of the King', tconst: 'tt0167260', drawn: true },
  { title: 'Night Train' },
  { title: 'Llanfairpwllgwyngyllgogerychwyndrobwllllantysiliogogogoch Nights' },
  { title: 'Jaws' },
  { title: 'Summer Cloud' },
];

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
const box = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
      return { left, right, top, bottom, width, height };
    }),
  );

/** Cards grouped by grid row (same top edge). */
async function gridRows(page: Page): Promise<number[][]> {
  const tops = (await box(page, '.home-grid .movie-card')).map((card) => Math.round(card.top));
  const rows = new Map<number, number[]>();
  tops.forEach((top, index) => rows.set(top, [...(rows.get(top) ?? []), index]));
  return [...rows.values()];
}

/** Problems a person would see in the home cards: parts outside their card, titles over two lines. */
function cardProblems(page: Page): Promise<string[]> {
  return page.locator('.home-grid .movie-card').evaluateAll((cards) => {
    const problems: string[] = [];
    for (const card of cards) {
      const outer = card.getBoundingClientRect();
      const title = card.querySelector('.movie-card-title')?.textContent ?? '';
      for (const part of Array.from(card.querySelectorAll('button, a, .p-rating, .movie-card-facts span, .movie-card-ratings span'))) {
        const inner = part.getBoundingClientRect();
        if (inner.width === 0) continue; // not shown at this width
        if (inner.right > outer.right + 0.5 || inner.left < outer.left - 0.5) {
          problems.push(`${title}: ${part.getAttribute('aria-label') ?? part.className} sticks out by ${Math.round(Math.max(inner.right - outer.right, outer.left - inner.left))} px`);
        }
      }
      const link = card.querySelector('.movie-card-title') as HTMLElement;
      const lineHeight = parseFloat(getComputedStyle(link).lineHeight);
      if (link.getBoundingClientRect().height > 2 * lineHeight + 1) problems.push(`${title}: the title takes more than two lines`);
      if (link.scrollWidth > link.clientWidth + 1) problems.push(`${title}: the title overflows sideways`);
    }
    return problems;
  });
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('home cards at desktop and phone widths', () => {
  let site: Site;
  let browser: Browser;
  const ids: Record<string, number> = {};

  before(async () => {
    ({ site, browser } = await openStage());
    let day = 1;
    for (const { title, tconst, drawn } of CATALOGUE) {
      const movie = await addMovie(site.database.db, {
        title,
        ...(tconst ? { tconst } : {}),
        poster: drawn ? `/api/posters/${tconst}.svg` : null,
        imdb_rating: 5 + day / 4,
        length: 175,
        date_added: `2025-01-${String(day++).padStart(2, '0')}T12:00:00.000Z`,
      });
      ids[title] = movie.id;
    }
  });
  after(() => closeStage(site, browser));

  it('keeps every part of a desktop card inside it, titles to two lines with the full title on hover', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url, DESKTOP);
    await page.goto('/');
    await page.locator('.home-grid .movie-card').nth(9).waitFor();
    assert.deepEqual(await cardProblems(page), []);
    const borat = page.locator(`.movie-card[data-movie-id="${ids[CATALOGUE[2].title]}"] .movie-card-title`);
    assert.equal(await borat.getAttribute('title'), CATALOGUE[2].title);
    assert.equal(await scrollsSideways(page), false);
    await screenshot(page, 'home-cards-desktop');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('lines up the stars of every card in a grid row, with 24-px star targets', async () => {
    const { page, context } = await newPage(browser, site.url, DESKTOP);
    await page.goto('/');
    await page.locator('.home-grid .movie-card').nth(9).waitFor();
    const rows = await gridRows(page);
    assert.ok(rows.length >= 2 && rows[0].length >= 4, `cards in rows: ${JSON.stringify(rows)}`);
    const rateTops = (await box(page, '.home-grid .movie-card .p-rating')).map((rating) => Math.round(rating.top));
    for (const row of rows) {
      const tops = new Set(row.map((index) => rateTops[index]));
      assert.equal(tops.size, 1, `stars of one row at ${[...tops].join(', ')} px`);
    }
    const stars = await box(page, '.home-grid .movie-card:first-child .p-rating-item');
    assert.equal(stars.length, 10);
    for (const star of stars) assert.ok(star.width >= 24 && star.height >= 24, `a star is ${star.width}×${star.height} px`);
    // Each card's stars are one tab stop, as a radio group is, not ten.
    const tabStops = await page.locator('.home-grid .movie-card .movie-card-stars').evaluateAll((groups) => groups.map((group) => group.querySelectorAll('.p-rating-item[tabindex="0"]').length));
    assert.ok(tabStops.length >= 10 && tabStops.every((count) => count === 1), `tab stops a card: ${tabStops.join(', ')}`);
    await context.close();
  });

  it('draws placeholder posters without the title printed under them', async () => {
    const { page, context } = await newPage(browser, site.url, DESKTOP);
    await page.goto('/');
    await page.locator('.home-grid .movie-card').nth(9).waitFor();
    // No poster at all: a neutral frame, no text.
    const up = page.locator(`.movie-card[data-movie-id="${ids.Up}"] .movie-card-poster`);
    assert.equal((await up.textContent())?.trim(), '');
    // A drawn poster: the picture itself holds no title text.
    const heat = page.locator(`.movie-card[data-movie-id="${ids.Heat}"] .movie-card-poster img`);
    const src = await heat.getAttribute('src');
    assert.equal(src, '/api/posters/tt0113277.svg');
    await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLImageElement | null)?.complete, `.movie-card[data-movie-id="${ids.Heat}"] .movie-card-poster img`);
    assert.ok((await heat.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0, 'the drawn poster loads');
    const drawnText = await page.evaluate(async (address) => {
      const svg = new DOMParser().parseFromString(await (await fetch(address)).text(), 'image/svg+xml');
      return Array.from(svg.querySelectorAll('text')).map((text) => text.textContent);
    }, src!);
    assert.ok(!drawnText.some((text) => /heat/i.test(text ?? '')), `drawn text: ${JSON.stringify(drawnText)}`);
    await context.close();
  });

  it('shows two cards a row on a phone, with a compact 1–10 rating of 24-px targets', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url, DESKTOP);
    await registerAndLogin(page, 'Pocket_Pat');
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.locator('.home-grid .movie-card').nth(9).waitFor();
    const rows = await gridRows(page);
    assert.ok(rows.every((row) => row.length === 2), `cards in rows: ${JSON.stringify(rows)}`);
    assert.deepEqual(await cardProblems(page), []);
    assert.equal(await scrollsSideways(page), false);

    const jaws = page.locator(`.movie-card[data-movie-id="${ids.Jaws}"]`);
    const picker = jaws.getByRole('button', { name: 'My Rating: Rate' });
    const [button] = await box(page, `.movie-card[data-movie-id="${ids.Jaws}"] .rating-picker-button`);
    assert.ok(button.width >= 24 && button.height >= 24, `the rating button is ${button.width}×${button.height} px`);
    await picker.click();
    const stars = page.getByRole('radiogroup', { name: 'My Rating' });
    await stars.waitFor();
    assert.equal(await stars.getByRole('radio').count(), 10, 'ten stars');
    await page.locator('.rating-picker-panel').screenshot({ path: `${SCREENSHOT_DIR}/home-rating-picker-phone.png` });
    assert.equal(await page.locator('.rating-picker-panel .p-rating-cancel-item').count(), 0, 'no cancel');
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    for (const star of await box(page, '.rating-picker-panel .p-rating-item')) {
      assert.ok(star.width >= 24 && star.height >= 24, `a star is ${star.width}×${star.height} px`);
      assert.ok(star.left >= 0 && star.right <= PHONE.width, `the stars are on screen: ${JSON.stringify(star)}`);
    }
    await stars.getByRole('radio', { name: '7 stars', exact: true }).click();
    await jaws.locator('.movie-card-average', { hasText: '7.0 (1)' }).waitFor();
    await jaws.getByRole('button', { name: 'My Rating: 7 / 10' }).waitFor();
    await page.locator('.rating-picker-panel').waitFor({ state: 'detached' });
    await screenshot(page, 'home-cards-phone');

    // From the keyboard: Enter opens it on the current rating, an arrow steps it, Enter chooses and closes.
    await jaws.getByRole('button', { name: 'My Rating: 7 / 10' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '7 stars');
    await page.keyboard.press('ArrowRight');
    await jaws.locator('.movie-card-average', { hasText: '8.0 (1)' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '8 stars');
    // Arrows pressed faster than a rating is saved each count; the last one is kept.
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '4 stars');
    await jaws.locator('.movie-card-average', { hasText: '4.0 (1)' }).waitFor();
    assert.deepEqual(await stars.locator('[tabindex="0"]').evaluateAll((tabStops) => tabStops.map((star) => star.getAttribute('aria-label'))), ['4 stars'], 'one tab stop: the checked star');
    await page.keyboard.press('Enter');
    await page.locator('.rating-picker-panel').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('rating-picker-button'));
    await jaws.getByRole('button', { name: 'My Rating: 4 / 10' }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  for (const [name, viewport, visible] of [['desktop', DESKTOP, 5], ['phone', PHONE, 1]] as const) {
    it(`keeps the recently added carousel inside a ${name} screen, ${visible} at a time, slides of one size whatever the title`, async () => {
      const { page, context } = await newPage(browser, site.url, viewport);
      await page.goto('/');
      const activeSlides = '.recent-carousel .p-carousel-item-active:not(.p-carousel-item-cloned) .recent-item';
      await page.locator(activeSlides).first().waitFor();
      assert.equal(await page.locator(activeSlides).count(), visible);
      assert.equal(await page.locator(activeSlides).first().getAttribute('data-movie-id'), String(ids['Summer Cloud']), 'the newest first');
      const [track] = await box(page, '.recent-carousel .p-carousel-items-content');
      const slides = await box(page, activeSlides);
      for (const slide of slides) {
        assert.ok(slide.left >= track.left - 0.5 && slide.right <= track.right + 0.5, `a slide at ${Math.round(slide.left)}–${Math.round(slide.right)} px sticks out of ${Math.round(track.left)}–${Math.round(track.right)} px`);
        assert.ok(Math.abs(slide.width - slides[0].width) < 1 && Math.abs(slide.height - slides[0].height) < 1, `slides of ${slides.map((s) => `${Math.round(s.width)}×${Math.round(s.height)}`).join(', ')} px`);
        assert.ok(slide.height < viewport.height * 0.75, `a slide is ${Math.round(slide.height)} px tall`);
      }
      const titles = await page.locator(`${activeSlides} .recent-item-title`).evaluateAll((links) =>
        links.map((link) => ({ lines: link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight), title: link.getAttribute('title') })),
      );
      for (const { lines, title } of titles) assert.ok(lines <= 2.05 && title, `${title}: ${lines.toFixed(1)} lines`);
      assert.equal(await scrollsSideways(page), false);
      // The long title, two days older than the newest, is on screen or two steps away.
      const long = page.locator(`${activeSlides}[data-movie-id="${ids[CATALOGUE[8].title]}"]`);
      if (visible === 1) for (let step = 0; step < 2; step++) await page.locator('.recent-carousel .p-carousel-next').click();
      await long.waitFor();
      const [longSlide] = await box(page, `${activeSlides}[data-movie-id="${ids[CATALOGUE[8].title]}"]`);
      assert.ok(Math.abs(longSlide.width - slides[0].width) < 1 && Math.abs(longSlide.height - slides[0].height) < 1, 'the long title keeps its slide the size of the others');
      await context.close();
    });
  }
});
