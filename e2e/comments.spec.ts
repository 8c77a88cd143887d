import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { postComment } from '../server/src/comments/testing';
import { addMovie, addReview, createUser } from '../server/src/testing/factories';
import { OWASP_PAYLOADS } from '../server/src/watchlists/xssPayloads';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { movieRoomJoined } from './support/movieScreen';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

/** The review card of a member on the movie page. */
const reviewBy = (page: Page, username: string) => page.locator('.review-item', { has: page.locator('.review-author-name', { hasText: username }) });

/** Counts dialogs and script-made alerts: a payload that runs would call one of them. */
async function watchForScripts(page: Page): Promise<() => Promise<number>> {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __ran: number };
    w.__ran = 0;
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      window[name] = (() => {
        w.__ran++;
        return null;
      }) as never;
    }
  });
  return async () => dialogs + (await page.evaluate(() => (window as unknown as { __ran: number }).__ran));
}

describe('comments, reactions and spoilers in the browser', () => {
  let site: Site;
  let browser: Browser;
  let rae: Member;
  let sam: Member;
  let movieId: number;

  before(async () => {
    ({ site, browser } = await openStage());
    rae = await createUser(site, 'talk_rae');
    sam = await createUser(site, 'talk_sam');
    movieId = (await addMovie(site.database.db, { title: 'Talkative Feature', year: 2001 })).id;
  });
  after(() => closeStage(site, browser));

  it('blurs a spoiler until revealed, and takes a comment with a mention and reactions', async () => {
    // Rae reviews with a spoiler through the form.
    const first = await newSignedInPage(browser, site.url, rae);
    await first.page.goto(`/movie/${movieId}`);
    await first.page.locator('.review-form .p-rating-item').nth(7).click();
    await first.page.locator('#review-text').fill('The twist: the narrator was the projector all along. @talk_sam called it, @nobody_here did not.');
    await first.page.getByRole('switch', { name: 'Contains spoilers' }).click();
    await first.page.getByRole('button', { name: 'Submit Review' }).click();
    await reviewBy(first.page, 'talk_rae').waitFor();
    await first.context.close();

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, sam);
    await page.goto(`/movie/${movieId}`);
    const review = reviewBy(page, 'talk_rae');
    const reveal = review.getByRole('button', { name: 'Contains spoilers: show' });
    await reveal.waitFor();
    assert.equal(await review.locator('.spoiler-content .review-text').count(), 1, 'the text is under the blur');
    assert.equal(await review.getByText('the narrator was the projector').isVisible(), true, 'blurred, not removed');
    assert.equal(await review.locator('.spoiler-content').getAttribute('aria-hidden'), 'true', 'hidden from screen readers until shown');
    await checkScreen(page, 'review-spoiler');
    await reveal.click();
    assert.equal(await review.locator('.spoiler').count(), 0, 'shown plainly once revealed');
    // A member's @name links to their profile; a name that is nobody's stays text.
    assert.equal(await review.locator('.review-text').getByRole('link', { name: '@talk_sam' }).getAttribute('href'), '/user/profile/talk_sam');
    assert.equal(await review.locator('.review-text a').count(), 1);

    // From the keyboard: the focus stays on the reaction while it is saved and after.
    await review.getByRole('button', { name: 'thumbs up: 0' }).focus();
    await page.keyboard.press('Enter');
    await review.getByRole('button', { name: 'thumbs up: 1' }).waitFor();
    assert.equal(await review.getByRole('button', { name: 'thumbs up: 1' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'thumbs up: 1', 'the focus stays on the reaction');

    await review.getByRole('button', { name: '0 comments' }).click();
    const typed = '@talk_rae no way!\nSee https://example.org/theory for more.';
    await review.getByLabel('Your comment').fill(typed);
    // A refused post says why and keeps the words for the next try.
    const refusal = { success: false, error: 'Too many attempts. Try again in 30 seconds.', code: 'rate_limited' };
    await page.route('**/api/reviews/*/comments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 429, json: refusal }) : route.fallback(),
    );
    await review.getByRole('button', { name: 'Comment', exact: true }).click();
    await review.getByText(refusal.error).waitFor();
    assert.equal(await review.getByLabel('Your comment').inputValue(), typed);
    await page.unroute('**/api/reviews/*/comments');
    await review.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = review.locator('.comment').first();
    await comment.waitFor();
    await review.getByRole('button', { name: '1 comment' }).waitFor();
    assert.equal(await review.getByLabel('Your comment').inputValue(), '', 'a posted comment empties the box');
    const mention = comment.getByRole('link', { name: '@talk_rae' });
    assert.equal(await mention.getAttribute('href'), '/user/profile/talk_rae');
    const outside = comment.getByRole('link', { name: 'https://example.org/theory' });
    assert.match((await outside.getAttribute('rel')) ?? '', /nofollow/);
    assert.equal(await comment.locator('.comment-text br').count(), 1, 'the line break is kept');
    await comment.getByRole('button', { name: 'heart: 0' }).click();
    await comment.getByRole('button', { name: 'heart: 1' }).waitFor();
    await checkScreen(page, 'review-comments');

    // Sam rewrites the comment and marks it a spoiler: it says it was edited, and blurs.
    await comment.getByRole('button', { name: 'Edit' }).click();
    await comment.getByLabel('Change your comment').fill('@talk_rae no way! The projector bit ruined it for me.');
    await comment.getByLabel('Contains spoilers').check();
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.locator('.comment-date', { hasText: 'edited' }).waitFor();
    await comment.getByRole('button', { name: 'Contains spoilers: show' }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('lets the review author delete a comment on it, and visitors only read', async () => {
    const visitor = await browser.newContext({ baseURL: site.url });
    const page = await visitor.newPage();
    await page.goto(`/movie/${movieId}`);
    const review = reviewBy(page, 'talk_rae');
    await review.getByRole('button', { name: '1 comment' }).click();
    await review.getByText('Login').waitFor();
    assert.equal(await review.getByRole('button', { name: /thumbs up/ }).count(), 0, 'visitors see counts, not buttons');
    assert.equal(await review.getByRole('img', { name: 'thumbs up: 1' }).count(), 1);
    await visitor.close();

    const { page: author, context } = await newSignedInPage(browser, site.url, rae);
    author.on('dialog', (dialog) => void dialog.accept());
    await author.goto(`/movie/${movieId}`);
    const own = reviewBy(author, 'talk_rae');
    await own.getByRole('button', { name: '1 comment' }).click();
    const comment = own.locator('.comment').first();
    assert.equal(await comment.getByRole('button', { name: 'Edit' }).count(), 0, 'only its author edits it');
    await comment.getByRole('button', { name: 'Delete' }).click();
    await own.getByRole('button', { name: '0 comments' }).waitFor();
    await own.locator('.comment').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a member others’ comments, reactions and reviews as they happen', async () => {
    const lively = (await addMovie(site.database.db, { title: 'Lively Feature', year: 2003 })).id;
    const review = await addReview(site.database.db, { user_id: rae.id, movie_id: lively, stars: 8, text: 'Worth a second look.' });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, sam);
    // The page is listening before anything happens.
    const listening = movieRoomJoined(page);
    await page.goto(`/movie/${lively}`);
    await listening;
    const samSees = reviewBy(page, 'talk_rae');
    await samSees.getByRole('button', { name: '0 comments' }).waitFor();

    const first = await postComment(rae.agent, review.id, { text: 'Posted from elsewhere.' });
    await samSees.getByRole('button', { name: '1 comment' }).waitFor();
    await samSees.getByRole('button', { name: '1 comment' }).click();
    await samSees.getByText('Posted from elsewhere.').waitFor();

    // With the thread open, a new comment shows in it, and a deleted one leaves it.
    const second = await postComment(rae.agent, review.id, { text: 'A second thought.' });
    await samSees.getByText('A second thought.').waitFor();
    await samSees.getByRole('button', { name: '2 comments' }).waitFor();
    assert.equal((await rae.agent.request('DELETE', `/api/comments/${first}`)).status, 200);
    await samSees.getByText('Posted from elsewhere.').waitFor({ state: 'detached' });
    await samSees.getByRole('button', { name: '1 comment' }).waitFor();

    // Reactions to the review and to a comment.
    assert.equal((await rae.agent.put(`/api/reviews/${review.id}/reactions/heart`)).status, 200);
    await samSees.locator('.review-social').getByRole('button', { name: 'heart: 1' }).waitFor();
    assert.equal((await rae.agent.put(`/api/comments/${second}/reactions/popcorn`)).status, 200);
    await samSees.locator('.comment').getByRole('button', { name: 'popcorn: 1' }).waitFor();

    // A new review joins the list.
    const kit = await createUser(site, 'talk_kit');
    assert.equal((await kit.agent.post('/api/review', { movie_id: lively, stars: 6, text: 'Kit was here.' })).status, 200);
    await reviewBy(page, 'talk_kit').getByText('Kit was here.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('keeps the keyboard in the thread as a comment is posted, edited and deleted', async () => {
    const keyboardMovie = (await addMovie(site.database.db, { title: 'Keyboard Feature', year: 2002 })).id;
    await addReview(site.database.db, { user_id: rae.id, movie_id: keyboardMovie, stars: 7 });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, sam);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/movie/${keyboardMovie}`);
    const review = reviewBy(page, 'talk_rae');
    await review.getByRole('button', { name: '0 comments' }).click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.id || document.activeElement?.tagName);
    const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.labels?.[0]?.textContent ?? '');

    // With nothing typed, 'Comment' is still in the tab order, saying it is off.
    await review.getByLabel('Your comment').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Comment');
    assert.equal(await review.getByRole('button', { name: 'Comment', exact: true }).getAttribute('aria-disabled'), 'true');

    // Posted with Enter on 'Comment': the box empties and keeps the focus, ready for the next one.
    await review.getByLabel('Your comment').fill('First thought.');
    await review.getByRole('button', { name: 'Comment', exact: true }).focus();
    await page.keyboard.press('Enter');
    await review.locator('.comment', { hasText: 'First thought.' }).waitFor();
    await review.getByRole('button', { name: '1 comment' }).waitFor();
    assert.equal(await focusedLabel(), 'Your comment', 'the focus is in the emptied box');
    await page.keyboard.type('Second thought.');
    await review.getByRole('button', { name: 'Comment', exact: true }).focus();
    await page.keyboard.press('Enter');
    const second = review.locator('.comment', { hasText: 'Second thought.' });
    await second.waitFor();

    // Edit names whose comment it opens; the box takes the focus, and Save gives it back to Edit.
    const edit = second.getByRole('button', { name: 'Edit comment by talk_sam' });
    await edit.focus();
    await page.keyboard.press('Enter');
    assert.equal(await focusedLabel(), 'Change your comment');
    await page.keyboard.press('End');
    await page.keyboard.type(' Changed.');
    await second.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await second.locator('.comment-date', { hasText: 'edited' }).waitFor();
    assert.equal(await focused(), 'Edit comment by talk_sam', 'back on Edit after saving');
    await page.keyboard.press('Enter');
    await second.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await focused(), 'Edit comment by talk_sam', 'back on Edit after cancelling');

    // Deleted, the comment's buttons go: the focus goes to the thread around them, not to the page.
    await second.getByRole('button', { name: 'Delete comment by talk_sam' }).focus();
    await page.keyboard.press('Enter');
    await review.getByRole('button', { name: '1 comment' }).waitFor();
    await second.waitFor({ state: 'detached' });
    assert.equal(await focused(), 'Comments');

    // Two presses a moment apart post one comment, not two.
    await review.getByLabel('Your comment').fill('Said once.');
    await review.getByRole('button', { name: 'Comment', exact: true }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await review.locator('.comment', { hasText: 'Said once.' }).waitFor();
    const reviewId = (await sam.agent.get(`/api/movies/${keyboardMovie}/reviews`)).body.reviews[0].id as number;
    const stored = (await sam.agent.get(`/api/reviews/${reviewId}/comments`)).body.comments as { text: string }[];
    assert.equal(stored.filter((comment) => comment.text === 'Said once.').length, 1);

    // A link to one comment brings it into view with the focus on it.
    const firstId = (stored.find((comment) => comment.text === 'First thought.') as unknown as { id: number }).id;
    await page.goto(`/movie/${keyboardMovie}#comment-${firstId}`);
    await page.waitForFunction((id) => document.activeElement?.id === `comment-${id}`, firstId);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('says so when a link leads to a comment or a review that was deleted since', async () => {
    const goneMovie = (await addMovie(site.database.db, { title: 'Vanishing Feature', year: 2003 })).id;
    assert.equal((await rae.agent.post('/api/review', { movie_id: goneMovie, stars: 6, text: 'Here for now.' })).status, 200);
    const reviewId = (await rae.agent.get(`/api/movies/${goneMovie}/reviews`)).body.reviews[0].id as number;
    const kept = await postComment(sam.agent, reviewId, { text: 'This one stays.' });
    const gone = await postComment(sam.agent, reviewId, { text: 'This one goes.' });
    assert.equal((await sam.agent.request('DELETE', `/api/comments/${gone}`)).status, 200);

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, sam);
    await page.goto(`/movie/${goneMovie}#comment-${gone}`);
    const note = page.locator('.movie-reviews').getByRole('status');
    await note.getByText('The comment this link points to is no longer here.').waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('review-link-missing'));
    await reviewBy(page, 'talk_rae').locator('.comment', { hasText: 'This one stays.' }).waitFor();
    await checkScreen(page, 'movie-link-missing');

    // A comment still there is found as before, with no note (a fresh load, not a jump within the page).
    await page.goto('about:blank');
    await page.goto(`/movie/${goneMovie}#comment-${kept}`);
    await page.waitForFunction((id) => document.activeElement?.id === `comment-${id}`, kept);
    assert.equal(await page.locator('.review-link-missing').count(), 0);

    assert.equal((await rae.agent.request('DELETE', `/api/reviews/${reviewId}`)).status, 200);
    await page.goto('about:blank');
    await page.goto(`/movie/${goneMovie}#review-${reviewId}`);
    await note.getByText('The review this link points to is no longer here.').waitFor();
    await page.locator('.movie-reviews').getByText('No reviews yet.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('runs none of the XSS payloads posted as comments', async () => {
    const posters: Member[] = [];
    for (let index = 0; index < 4; index++) posters.push(await createUser(site, `talk_x${index}`));
    const reviewId = (await rae.agent.get(`/api/movies/${movieId}/reviews`)).body.reviews[0].id as number;
    for (const [index, payload] of OWASP_PAYLOADS.entries()) {
      const text = `${payload} @talk_sam ${payload}`.slice(0, 2_000);
      const reply = await posters[index % posters.length].agent.post(`/api/reviews/${reviewId}/comments`, { text });
      assert.equal(reply.status, 200, `${payload}: ${JSON.stringify(reply.body)}`);
    }
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, sam);
    const ran = await watchForScripts(page);
    await page.goto(`/movie/${movieId}`);
    const review = reviewBy(page, 'talk_rae');
    await review.getByRole('button', { name: `${OWASP_PAYLOADS.length} comments` }).click();
    const comments = review.locator('.comment');
    await comments.nth(OWASP_PAYLOADS.length - 1).waitFor();
    // Point at and click into every comment, as a reader would, to fire any handler that slipped through.
    for (let index = 0; index < OWASP_PAYLOADS.length; index++) {
      const text = comments.nth(index).locator('.comment-text');
      await text.hover();
      await text.click({ position: { x: 2, y: 2 } });
      if (page.url() !== `${site.url}/movie/${movieId}`) await page.goBack();
    }
    await page.waitForTimeout(300);
    assert.equal(await ran(), 0, 'no payload ran');
    assert.equal(await page.locator('.comment-text script, .comment-text img, .comment-text iframe, .comment-text svg, .comment-text [style]').count(), 0);
    const hrefs = await page.locator('.comment-text a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(hrefs.every((href) => /^(https?:\/\/|\/user\/profile\/)/.test(href)), `only web and profile links: ${hrefs.join(' ')}`);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
