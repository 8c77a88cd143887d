import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie, createUser } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { movieScreenSettled } from './support/movieScreen';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

const bell = (page: Page) => page.locator('.bell-button');

describe('the feed and notifications in the browser', () => {
  let site: Site;
  let browser: Browser;
  let ivy: Member;
  let max: Member;
  let movieId: number;

  before(async () => {
    ({ site, browser } = await openStage());
    ivy = await createUser(site, 'feed_ivy');
    max = await createUser(site, 'feed_max');
    movieId = (await addMovie(site.database.db, { title: 'Feedback Loop', year: 2019 })).id;
    const reviewed = await ivy.agent.post('/api/review', { movie_id: movieId, stars: 7, text: 'The ending: it was all a loop, and she was the echo.', spoiler: true });
    assert.equal(reviewed.status, 200, JSON.stringify(reviewed.body));
  });
  after(() => closeStage(site, browser));

  it('shows a spoiler blurred in the feed; a comment with a mention and a reaction ring the author’s bell live', async () => {
    const author = await newSignedInPage(browser, site.url, ivy);
    await author.page.goto('/');
    await bell(author.page).waitFor();
    assert.equal(await bell(author.page).getAttribute('aria-label'), 'Notifications');

    const reader = await newSignedInPage(browser, site.url, max);
    await reader.page.goto('/feed');
    const item = reader.page.locator('.feed-item', { hasText: 'feed_ivy rated Feedback Loop (2019) 7 ★' });
    await item.waitFor();
    await item.getByRole('button', { name: 'Contains spoilers: show' }).waitFor();
    assert.equal(await item.locator('.spoiler-content').getAttribute('aria-hidden'), 'true', 'blurred until revealed');
    // When, as a reader says it, the whole moment on hover.
    const itemTime = item.locator('.feed-meta time');
    assert.match(await itemTime.innerText(), /^(now|\d+ minutes? ago)$/);
    assert.match((await itemTime.getAttribute('title')) ?? '', /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    assert.ok(!Number.isNaN(Date.parse((await itemTime.getAttribute('datetime')) ?? '')));
    await checkScreen(reader.page, 'feed');
    await item.getByRole('button', { name: 'Contains spoilers: show' }).click();
    await item.getByText('she was the echo').waitFor();
    assert.equal(await item.locator('.spoiler').count(), 0);

    // The count leads to the review with its comments open, ready for the first one.
    await item.getByRole('link', { name: '0 comments' }).click();
    await reader.page.waitForURL(new RegExp(`/movie/${movieId}#review-\\d+$`));
    await movieScreenSettled(reader.page);
    const review = reader.page.locator('.review-item', { hasText: 'feed_ivy' });
    await review.getByLabel('Your comment').waitFor();
    assert.equal(await review.getByRole('button', { name: '0 comments' }).getAttribute('aria-expanded'), 'true');
    await review.getByRole('button', { name: 'thumbs up: 0' }).click();
    await review.getByRole('button', { name: 'thumbs up: 1' }).waitFor();
    await review.getByLabel('Your comment').fill('@feed_ivy that ending got me too.');
    await review.getByRole('button', { name: 'Comment', exact: true }).click();
    await review.getByRole('button', { name: '1 comment' }).waitFor();
    assert.deepEqual(reader.pageErrors, []);

    // The author's bell rises without a reload: the reaction and the mention (one notification per comment).
    await author.page.waitForFunction(() => document.querySelector('.bell-button')?.getAttribute('aria-label') === 'Notifications, 2 unread');
    // A tab in the background shows them too.
    assert.equal(await author.page.title(), '(2) All Movies · MovieClub');
    // Screen readers hear the rise.
    await author.page.waitForFunction(() => document.querySelector('.notification-bell [role="status"]')?.textContent === 'Notifications, 2 unread');
    await bell(author.page).click();
    const panel = author.page.getByRole('region', { name: 'Notifications' });
    await panel.waitFor();
    const violations = await seriousViolations(author.page);
    assert.equal(violations.length, 0, `with the notifications open:\n${describeViolations(violations)}`);
    await checkScreen(author.page, 'notifications');
    const mention = panel.getByRole('link', { name: /feed_max mentioned you in a comment on Feedback Loop/ });
    assert.match(await mention.locator('.bell-when time').innerText(), /^(now|\d+ minutes? ago)$/);
    await mention.click();
    await author.page.waitForURL(new RegExp(`/movie/${movieId}#comment-\\d+$`));
    const linked = author.page.locator('.comment-linked');
    await linked.waitFor();
    assert.match(await linked.innerText(), /feed_max[\s\S]*@feed_ivy that ending got me too\./);
    assert.match(await linked.locator('.comment-date time').innerText(), /^(now|\d+ minutes? ago)$/);
    await author.page.waitForFunction(() => document.querySelector('.bell-button')?.getAttribute('aria-label') === 'Notifications, 1 unread');
    assert.equal(await author.page.title(), '(1) Movie Details · MovieClub');
    assert.deepEqual(author.pageErrors, []);
    await author.context.close();
    await reader.context.close();
  });

  it("offers the feed to feed readers: a link on the page, and the Atom address in every page's head", async () => {
    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, max);
    try {
      await page.goto('/feed');
      const follow = page.getByRole('link', { name: 'Follow the club in a feed reader' });
      const address = await follow.getAttribute('href');
      assert.match(address ?? '', /\/api\/feed\.atom\?lang=en$/);
      const atom = await page.request.get(address!);
      assert.match(atom.headers()['content-type'] ?? '', /^application\/atom\+xml/);
      assert.match(await atom.text(), /<title type="html"><!\[CDATA\[feed_ivy rated Feedback Loop \(2019\) 7 ★\]\]><\/title>/);
      // A reader given the site's address discovers the feed without running the client.
      const home = await (await page.request.get('/')).text();
      const discovered = /<link rel="alternate" type="application\/atom\+xml" title="MovieClub" href="([^"]+)"/.exec(home)?.[1];
      assert.ok(discovered, 'the page names its feed');
      assert.equal((await page.request.get(new URL(discovered, site.url).toString())).status(), 200);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('keeps its times current while the page stays open', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, max);
    await page.clock.install();
    await page.goto('/feed');
    const itemTime = page.locator('.feed-item', { hasText: 'feed_ivy rated Feedback Loop (2019) 7 ★' }).locator('.feed-meta time');
    await itemTime.waitFor();
    assert.match(await itemTime.innerText(), /^(now|\d+ minutes? ago)$/);
    await page.clock.fastForward('02:00:00');
    await page.waitForFunction((element) => element?.textContent === '2 hours ago', await itemTime.elementHandle());
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("leaves a muted member's events out of the feed until unmuted", async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, max);
    await page.goto('/feed');
    const ivysEvents = page.locator('.feed-item', { has: page.locator('.feed-actor', { hasText: /^feed_ivy$/ }) });
    await ivysEvents.first().waitFor();
    await ivysEvents.first().getByRole('button', { name: 'Mute feed_ivy' }).click();
    await ivysEvents.first().waitFor({ state: 'detached' });
    await page.locator('.feed-muted').getByText('feed_ivy').waitFor();
    await page.locator('.feed-muted').getByRole('button', { name: 'Unmute' }).click();
    await ivysEvents.first().waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('turns a kind of notification off from the bell: a reaction then rings no bell, a comment still does', async () => {
    assert.equal((await ivy.agent.post('/api/notifications/read', {})).status, 200);
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ivy);
    await page.goto('/');
    await bell(page).click();
    await page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/user\/profile\/feed_ivy#notifications$/);
    const reactions = page.getByLabel('Reactions to my reviews and comments');
    await reactions.waitFor();
    assert.equal(await reactions.isChecked(), true, 'every kind starts on');
    await checkScreen(page, 'notification-settings');
    await page.locator('label[for="notification-kind-reaction"]').click();
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('#notification-kind-reaction');
      return input !== null && !input.checked && !input.disabled;
    });
    // Kept by the server: still off after a reload.
    await page.reload();
    await reactions.waitFor();
    assert.equal(await reactions.isChecked(), false);
    assert.equal(await page.getByLabel('Comments on my reviews').isChecked(), true);

    const reviews = await max.agent.get(`/api/movies/${movieId}/reviews`);
    const reviewId = (reviews.body.reviews as Array<{ id: number; user: { username: string } }>).find((row) => row.user.username === 'feed_ivy')!.id;
    assert.equal((await max.agent.put(`/api/reviews/${reviewId}/reactions/laugh`)).status, 200);
    assert.equal((await max.agent.post(`/api/reviews/${reviewId}/comments`, { text: 'Watched it again.' })).status, 200);
    await page.waitForFunction(() => document.querySelector('.bell-button')?.getAttribute('aria-label') === 'Notifications, 1 unread');
    await page.waitForTimeout(300); // a late reaction would show by now
    await bell(page).click();
    const items = page.getByRole('region', { name: 'Notifications' }).locator('.bell-item');
    assert.match(await items.first().innerText(), /feed_max commented on your review of Feedback Loop\./);
    assert.doesNotMatch(await page.getByRole('region', { name: 'Notifications' }).innerText(), /reacted 😂/);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('pages back through older notifications in the bell', async () => {
    const reader = await createUser(site, 'feed_reader');
    const now = Date.now();
    const rows = Array.from({ length: 32 }, (_, index) => ({
      user_id: reader.id,
      kind: 'reaction',
      actor_id: max.id,
      text: `feed_max reacted 👍 to your review of Film ${index + 1}.`,
      link: `/movie/${movieId}`,
      created_at: new Date(now - (32 - index) * 60_000).toISOString(),
      read_at: null,
      dedupe_key: null,
    }));
    await site.database.db.insertInto('notifications').values(rows).execute();
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, reader);
    await page.goto('/');
    await page.waitForFunction(() => document.querySelector('.bell-button')?.getAttribute('aria-label') === 'Notifications, 32 unread');
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const items = panel.locator('.bell-item');
    await items.first().getByText('Film 32.').waitFor();
    assert.equal(await items.count(), 30, 'the newest page');
    await panel.getByRole('button', { name: 'Older notifications' }).click();
    await items.nth(31).getByText('Film 1.').waitFor();
    assert.equal(await items.count(), 32);
    assert.equal(await panel.getByRole('button', { name: 'Older notifications' }).count(), 0, 'nothing older');
    assert.equal(await page.title(), '(32) All Movies · MovieClub');
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await page.waitForFunction(() => document.title === 'All Movies · MovieClub');
    assert.equal(await page.locator('.notification-bell [role="status"]').textContent(), '', 'the count a page opens with, or a fall, is not announced');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
