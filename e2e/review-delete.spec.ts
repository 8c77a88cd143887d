import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { postComment } from '../server/src/comments/testing';
import { addMovie, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { nextConfirm } from './support/dialogs';
import { movieRoomJoined } from './support/movieScreen';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

const reviewBy = (page: Page, username: string) => page.locator('.review-item', { has: page.locator('.review-author-name', { hasText: username }) });

describe('deleting a review in the browser', () => {
  let site: Site;
  let browser: Browser;
  let admin: Member;
  let rae: Member;
  let sam: Member;

  before(async () => {
    ({ site, browser } = await openStage());
    // The first account is the site's admin.
    admin = await createUser(site, 'del_admin');
    rae = await createUser(site, 'del_rae');
    sam = await createUser(site, 'del_sam');
  });
  after(() => closeStage(site, browser));

  it('lets a member take back their review after asking, and everyone on the page sees it go', async () => {
    const movieId = (await addMovie(site.database.db, { title: 'Second Thoughts', year: 1999 })).id;
    assert.equal((await rae.agent.post('/api/review', { movie_id: movieId, stars: 4, ttm_rating: 'C', text: 'Too long by an hour.' })).status, 200);
    const reviewId = (await rae.agent.get(`/api/movies/${movieId}/reviews/mine`)).body.review.id as number;
    await postComment(sam.agent, reviewId, { text: 'An hour and a half.' });

    const watcher = await newSignedInPage(browser, site.url, sam);
    const joined = movieRoomJoined(watcher.page);
    await watcher.page.goto(`/movie/${movieId}`);
    await reviewBy(watcher.page, 'del_rae').waitFor();
    await joined;
    assert.equal(await reviewBy(watcher.page, 'del_rae').getByRole('button', { name: 'Delete review by del_rae' }).count(), 0, 'only its author and admins are offered it');

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, rae);
    await page.goto(`/movie/${movieId}`);
    const form = page.locator('.review-form');
    const deleteButton = form.getByRole('button', { name: 'Delete Review' });
    await deleteButton.waitFor();
    await checkScreen(page, 'movie-own-review');

    // Changing one's mind keeps everything.
    const declined = nextConfirm(page, false);
    await deleteButton.click();
    assert.equal(await declined, 'Delete your review of this movie? Its comments and reactions go with it.');
    await page.waitForTimeout(300);
    assert.equal(await reviewBy(page, 'del_rae').count(), 1);
    assert.equal((await site.database.db.selectFrom('reviews').select('id').where('id', '=', reviewId).execute()).length, 1);

    const accepted = nextConfirm(page, true);
    await deleteButton.click();
    await accepted;
    const notice = form.getByRole('status');
    await notice.getByText('Your review was deleted.').waitFor();
    assert.equal(await notice.evaluate((element) => element === document.activeElement), true, 'the focus goes to the sentence, as the button goes');
    assert.equal(await deleteButton.count(), 0);
    assert.equal(await form.locator('.p-rating-item-active').count(), 0, 'the form is empty again');
    await page.locator('.movie-reviews').getByText('No reviews yet.').waitFor();
    // The other member's page hears of it.
    await watcher.page.locator('.movie-reviews').getByText('No reviews yet.').waitFor();
    assert.equal((await site.database.db.selectFrom('comments').select('id').where('review_id', '=', reviewId).execute()).length, 0);

    // The diary keeps the viewing the first rating logged.
    const diary = (await site.agent().get('/api/users/del_rae/diary')).body.viewings as { movie: { id: number } }[];
    assert.deepEqual(
      diary.map((entry) => entry.movie.id),
      [movieId],
    );
    assert.deepEqual(pageErrors, []);
    await context.close();
    await watcher.context.close();
  });

  it("lets a site admin delete another member's review from the list", async () => {
    const movieId = (await addMovie(site.database.db, { title: 'Heated Words', year: 2004 })).id;
    assert.equal((await sam.agent.post('/api/review', { movie_id: movieId, stars: 2, text: 'Not for a family evening.' })).status, 200);
    assert.equal((await rae.agent.post('/api/review', { movie_id: movieId, stars: 8 })).status, 200);

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, admin);
    await page.goto(`/movie/${movieId}`);
    const remove = reviewBy(page, 'del_sam').getByRole('button', { name: 'Delete review by del_sam' });
    await remove.waitFor();
    assert.equal(await page.locator('.review-form').getByRole('button', { name: 'Delete Review' }).count(), 0, 'an admin without a review of their own has nothing to delete in the form');
    const asked = nextConfirm(page, true);
    await remove.click();
    assert.equal(await asked, 'Delete the review by del_sam? Its comments and reactions go with it.');
    await reviewBy(page, 'del_sam').waitFor({ state: 'detached' });
    assert.equal(await reviewBy(page, 'del_rae').count(), 1, 'the other review stays');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('review-list-region')), true, 'the focus stays in the list');
    await checkScreen(page, 'movie-review-deleted');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
