import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { scheduleScreening, startedHoursAgo } from '../server/src/screenings/testing';
import { addMovie, addReview, createUser } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { waitFor } from './support/cluster';
import { closeStage, newPage, newSignedInPage, openStage, type Site } from './support/harness';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

const TITLES = ['Night Candidate Alpha', 'Night Candidate Bravo', 'Night Candidate Charlie', 'Night Candidate Delta'];

/** Tomorrow at 20:00 in the browser's time zone, as a `datetime-local` value. */
function tomorrowEvening(): string {
  const day = new Date(Date.now() + 24 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T20:00`;
}

/** The candidate row of a movie on the screening page. */
const candidate = (page: Page, title: string) => page.locator('.candidate', { hasText: title });

async function answerGoing(page: Page) {
  await page.locator('.screening-summary').getByRole('button', { name: 'Going', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('.screening-summary [aria-pressed="true"]')?.textContent?.includes('Going'));
}

describe('movie nights in the browser', () => {
  let site: Site;
  let browser: Browser;
  let host: Member;
  let ann: Member;
  let bob: Member;
  let listId: number;
  let screeningId: number;
  let picked: string;

  before(async () => {
    ({ site, browser } = await openStage());
    host = await createUser(site, 'night_host');
    ann = await createUser(site, 'night_ann');
    bob = await createUser(site, 'night_bob');
    // Cleo never answers, but comes anyway.
    await createUser(site, 'night_cleo');
    const created = await host.agent.post('/api/watchlists/public', { name: 'Friday Frights' });
    listId = created.body.watchlist.id as number;
    for (const [index, title] of TITLES.entries()) {
      const movie = await addMovie(site.database.db, { title, year: 1990 + index, genres: 'Horror', length: 95 });
      await host.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id });
      // Bob has seen Delta: it cannot be picked with him in the room.
      if (title.endsWith('Delta')) await addReview(site.database.db, { movie_id: movie.id, user_id: bob.id, stars: 6 });
    }
  });
  after(() => closeStage(site, browser));

  it('schedules a movie night from the list and answers for it', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, host);
    await page.goto(`/watchlist/${listId}`);
    const card = page.locator('.movie-nights-card');
    await card.getByText('No movie night planned yet.').waitFor();
    await card.getByRole('button', { name: 'Schedule movie night' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a movie night' });
    await page.locator('.schedule-dialog.p-dialog-enter-done').waitFor();
    await checkScreen(page, 'schedule-movie-night');

    // A start in the past is refused with the server's sentence, and nothing is scheduled.
    await dialog.getByLabel('Starts').fill('2020-01-10T20:00');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByRole('alert').getByText('A screening cannot start in the past.').waitFor();

    await dialog.getByLabel('Starts').fill(tomorrowEvening());
    await dialog.getByLabel('Place').fill("Ann's living room");
    await dialog.getByLabel('Note').fill('Bring snacks.');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.locator('.screening-when').waitFor();
    assert.match(await card.innerText(), /8:00 PM[\s\S]*Ann's living room[\s\S]*0 going/);

    await card.getByRole('button', { name: 'Going', exact: true }).click();
    await card.getByText('1 going').waitFor();
    await card.locator('button[aria-pressed="true"]', { hasText: 'Going' }).waitFor();
    // Another member's answers reach the card as they are given.
    const annOnList = await newSignedInPage(browser, site.url, ann);
    await annOnList.page.goto(`/watchlist/${listId}`);
    const annCard = annOnList.page.locator('.movie-nights-card');
    await annCard.getByRole('button', { name: 'Going', exact: true }).click();
    await card.getByText('2 going').waitFor();
    await annCard.getByRole('button', { name: 'Not going', exact: true }).click();
    await card.getByText('1 going').waitFor();
    assert.deepEqual(annOnList.pageErrors, []);
    await annOnList.context.close();
    const feed = await card.getByRole('link', { name: 'Subscribe in your calendar' }).getAttribute('href');
    assert.match(feed ?? '', new RegExp(`^webcal://.+/api/watchlists/${listId}-friday-frights/screenings\\.ics\\?lang=en$`));
    await checkScreen(page, 'watchlist-movie-nights');

    await card.getByRole('link', { name: 'Open the movie night' }).click();
    await page.waitForURL(/\/screening\/\d+$/);
    screeningId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.locator('.screening-heading', { hasText: 'Friday Frights' }).waitFor();

    // Members see the club's next nights on the home page.
    await page.goto('/');
    const upcoming = page.locator('.home-screenings');
    await upcoming.getByRole('link', { name: /Friday Frights/ }).waitFor();
    assert.match(await upcoming.innerText(), /Upcoming movie nights[\s\S]*Friday Frights[\s\S]*1 going/);
    // Two calendars to subscribe to: the club's every night, and the host's own (they said 'Going').
    for (const [name, path, calendarName] of [
      ['Subscribe to every movie night', '/api/screenings.ics', 'MovieClub: movie nights'],
      ['Subscribe to the nights you are going to', '/api/users/night_host/screenings.ics', "night_host's movie nights"],
    ] as const) {
      const link = upcoming.getByRole('link', { name });
      assert.match((await link.getAttribute('href')) ?? '', new RegExp(`^webcal://.+${path.replace(/\./g, '\\.')}\\?lang=en$`), name);
      const calendar = await page.request.get((await link.getAttribute('title'))!);
      assert.equal(calendar.status(), 200);
      const text = await calendar.text();
      assert.match(text, new RegExp(`X-WR-CALNAME:${calendarName}\r\n`));
      assert.match(text, new RegExp(`UID:screening-${screeningId}@`), `${name} holds the night`);
    }
    await checkScreen(page, 'home-movie-nights');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('lets those coming vote and veto, and shows the pick arrive live in every browser', async () => {
    const hostPage = await newSignedInPage(browser, site.url, host);
    const annPage = await newSignedInPage(browser, site.url, ann);
    const bobPage = await newSignedInPage(browser, site.url, bob);
    // Bob asked for reduced motion: the pick lands without the shuffle.
    await bobPage.page.emulateMedia({ reducedMotion: 'reduce' });
    for (const { page } of [hostPage, annPage, bobPage]) await page.goto(`/screening/${screeningId}`);
    // The list's page shows the night's pick once it is made.
    const listPage = await newSignedInPage(browser, site.url, bob);
    await listPage.page.goto(`/watchlist/${listId}`);
    const nightCard = listPage.page.locator('.movie-nights-card');
    await nightCard.locator('.screening-when').waitFor();

    const ann_ = annPage.page;
    await ann_.locator('.candidate-board').getByText("Answer 'Going' to vote.").waitFor();
    await answerGoing(ann_);
    await ann_.locator('.candidate-board').getByText('Your votes: 0 of 3 · veto: 0 of 1').waitFor();
    await answerGoing(bobPage.page);
    // Everyone coming is listed, live, on the host's page.
    await hostPage.page.locator('.people-card', { hasText: 'Going (3)' }).waitFor();

    await candidate(ann_, 'Alpha').getByRole('button', { name: /Vote for Night Candidate Alpha/ }).click();
    await candidate(ann_, 'Alpha').getByRole('button', { name: 'Voted for Night Candidate Alpha' }).waitFor();
    await candidate(ann_, 'Bravo').getByRole('button', { name: /Vote for Night Candidate Bravo/ }).click();
    await candidate(ann_, 'Bravo').getByRole('button', { name: 'Voted for Night Candidate Bravo' }).waitFor();
    await candidate(ann_, 'Charlie').getByRole('button', { name: 'Veto Night Candidate Charlie' }).click();
    await candidate(ann_, 'Charlie').getByText('Vetoed by night_ann').waitFor();
    // One veto each: the other veto buttons are off until it is taken back.
    assert.equal(await candidate(ann_, 'Alpha').getByRole('button', { name: /Veto/ }).isDisabled(), true);
    await candidate(bobPage.page, 'Alpha').getByRole('button', { name: /Vote for Night Candidate Alpha/ }).click();

    // The host's board shows the votes, the veto and what Bob has seen, as they happen.
    const board = hostPage.page.locator('.candidate-board');
    await candidate(hostPage.page, 'Alpha').getByText('2 votes: night_ann, night_bob').waitFor();
    await candidate(hostPage.page, 'Delta').getByText('Seen by night_bob').waitFor();
    assert.equal(await board.locator('.candidate-out').count(), 2, 'the vetoed and the seen movie are out of the pick');
    // Bob rated a horror movie: the group has a predicted score for the other horror movies.
    assert.match(await candidate(hostPage.page, 'Alpha').locator('.candidate-score').innerText(), /^\s*\d+\.\d\s*predicted/);
    await checkScreen(hostPage.page, 'screening-board');

    const shuffleSeen = ann_.locator('.pick-shuffle').waitFor({ state: 'attached', timeout: 10_000 }).then(() => true);
    let bobShuffled = false;
    void bobPage.page.locator('.pick-shuffle').waitFor({ state: 'attached', timeout: 10_000 }).then(() => (bobShuffled = true), () => undefined);
    await hostPage.page.getByRole('button', { name: 'Pick for the room' }).click();
    assert.equal(await shuffleSeen, true, 'the reveal plays in a second browser');
    const annTitle = ann_.locator('.pick-card .pick-title');
    await annTitle.waitFor();
    picked = await annTitle.innerText();
    assert.ok(['Night Candidate Alpha', 'Night Candidate Bravo'].includes(picked), `picked among the voted, unvetoed, unseen: ${picked}`);
    await bobPage.page.locator('.pick-card .pick-title', { hasText: picked }).waitFor();
    await hostPage.page.locator('.pick-card .pick-title', { hasText: picked }).waitFor();
    assert.equal(bobShuffled, false, 'no shuffle with reduced motion');
    await nightCard.getByText(`Watching ${picked}`).waitFor();

    for (const opened of [hostPage, annPage, bobPage, listPage]) {
      assert.deepEqual(opened.pageErrors, []);
      await opened.context.close();
    }
  });

  it('records who came: each gets the viewing in their diary and a prompt to rate it', async () => {
    await startedHoursAgo(site, screeningId, 1);
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, host);
    await page.goto(`/screening/${screeningId}`);
    const form = page.locator('.attendance-card');
    await form.waitFor();
    for (const name of ['night_host', 'night_ann', 'night_bob']) assert.equal(await form.getByLabel(name).isChecked(), true, `${name} said yes`);
    await form.getByLabel('Also there').fill('night_c');
    const suggestion = page.locator('.attendance-others-panel').getByText('night_cleo');
    await suggestion.waitFor();
    // The member suggestions are an overlay: checked while open.
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `with the member suggestions open:\n${describeViolations(violations)}`);
    await suggestion.click();
    await form.getByRole('button', { name: 'Record attendance' }).click();
    await form.getByText('4 viewings logged.').waitFor();
    await page.locator('.people-card', { hasText: 'Came (4)' }).waitFor();
    await checkScreen(page, 'screening-attendance');
    assert.deepEqual(pageErrors, []);
    await context.close();

    const annPage = await newSignedInPage(browser, site.url, ann);
    await annPage.page.goto('/user/profile/night_ann?tab=diary');
    const entry = annPage.page.locator('.diary-entry', { hasText: picked });
    await entry.waitFor();
    const diaryText = await entry.innerText();
    for (const name of ['night_host', 'night_bob', 'night_cleo']) assert.ok(diaryText.includes(name), `watched with ${name}: ${diaryText}`);
    assert.ok(diaryText.includes("Ann's living room"), diaryText);
    const prompt = annPage.page.locator('.rating-prompt');
    await prompt.getByText(`You watched ${picked} at the Friday Frights movie night. How was it?`).waitFor();
    await checkScreen(annPage.page, 'rating-prompt');
    await prompt.getByRole('link', { name: 'Rate it' }).click();
    await annPage.page.locator('.movie-details-title', { hasText: picked }).waitFor();
    assert.equal(await annPage.page.locator('.rating-prompt').count(), 0, "hidden on the movie's own page");
    assert.deepEqual(annPage.pageErrors, []);
    await annPage.context.close();

    // Bob had the movie in his diary too, and says 'Not now': it stays gone.
    const bobPage = await newSignedInPage(browser, site.url, bob);
    await bobPage.page.goto('/user/profile/night_bob?tab=diary');
    await bobPage.page.locator('.diary-entry', { hasText: picked }).waitFor();
    await bobPage.page.locator('.rating-prompt').getByRole('button', { name: 'Not now' }).click();
    await bobPage.page.locator('.rating-prompt').waitFor({ state: 'detached' });
    await bobPage.page.reload();
    await bobPage.page.locator('.diary-entry', { hasText: picked }).waitFor();
    assert.equal(await bobPage.page.locator('.rating-prompt').count(), 0);
    assert.deepEqual(bobPage.pageErrors, []);
    await bobPage.context.close();
  });

  it('says a night on an empty list has nothing to vote on yet, and holds the pick while nothing can be picked', async () => {
    const empty = await host.agent.post('/api/watchlists/public', { name: 'Empty Sundays' });
    const emptyId = empty.body.watchlist.id as number;
    const id = await scheduleScreening(host.agent, { watchlist_id: emptyId });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, host);
    await page.goto(`/screening/${id}`);
    const board = page.locator('.candidate-board');
    await board.getByText('has no movies yet: add some to it, then vote for them here.').waitFor();
    assert.equal(await board.getByText('everyone coming has seen every movie').count(), 0);
    assert.match((await board.getByRole('link', { name: 'Empty Sundays' }).getAttribute('href')) ?? '', /\/watchlist\/\d+-empty-sundays$/);
    const pickButton = page.getByRole('button', { name: 'Pick for the room' });
    const hint = page.locator('#pick-hint');
    assert.equal(await pickButton.isDisabled(), true, 'no click only to be refused');
    assert.equal(await hint.innerText(), 'The list has no movies yet: add some to it before picking.');
    assert.equal(await pickButton.getAttribute('aria-describedby'), 'pick-hint');

    // Its one movie seen by the host, who is coming: nothing is left to pick until the host stays home.
    const movie = await addMovie(site.database.db, { title: 'Sunday Rerun' });
    assert.equal((await host.agent.post(`/api/watchlists/${emptyId}/items`, { movie_id: movie.id })).status, 200);
    assert.equal((await host.agent.post('/api/review', { movie_id: movie.id, stars: 6 })).status, 200);
    assert.equal((await host.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
    await page.reload();
    await hint.getByText('Nothing is left to pick: every candidate is vetoed or already seen by someone who is coming.').waitFor();
    assert.equal(await pickButton.isDisabled(), true);
    assert.equal((await host.agent.post(`/api/screenings/${id}/rsvp`, { status: 'no' })).status, 200);
    await hint.getByText('Chooses among the movies nobody vetoed and nobody coming has seen, weighted by votes.').waitFor();
    assert.equal(await pickButton.isDisabled(), false, 'live, without a reload');
    await pickButton.click();
    await page.locator('.pick-card .pick-title', { hasText: 'Sunday Rerun' }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("tells a guest's bell live when the night moves and when it is cancelled", async () => {
    // Late on the host's own clock: a day the reader's time zone would move, were it moved.
    const startsAt = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10) + 'T23:30:00-05:00';
    const id = await scheduleScreening(host.agent, { watchlist_id: listId, place: 'The attic', starts_at: startsAt });
    assert.equal((await ann.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
    // Ann answered an earlier night of the list, so she hears of this one being scheduled: read it first.
    const heardOf = async () => ((await ann.agent.get('/api/notifications')).body.notifications as { link: string }[]).some((row) => row.link === `/screening/${id}`);
    await waitFor(heardOf, 'the scheduling notification');
    assert.equal((await ann.agent.post('/api/notifications/read', {})).status, 200);
    const guest = await newSignedInPage(browser, site.url, ann);
    await guest.page.goto('/');
    const bell = guest.page.locator('.bell-button');
    await bell.waitFor();
    const hostPage = await newSignedInPage(browser, site.url, host);
    const { page } = hostPage;
    await page.goto(`/screening/${id}`);
    await page.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the movie night' });
    await page.locator('.schedule-dialog.p-dialog-enter-done').waitFor();
    await dialog.getByLabel('Place').fill("Bob's den");
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    await guest.page.waitForFunction(() => document.querySelector('.bell-button')?.getAttribute('aria-label') === 'Notifications, 1 unread');
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: 'Cancel movie night' }).click();
    await page.locator('.screening-cancelled-tag').waitFor();
    await guest.page.waitForFunction(() => document.querySelector('.bell-button')?.getAttribute('aria-label') === 'Notifications, 2 unread');
    await bell.click();
    const panel = guest.page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('link', { name: /The Friday Frights movie night is now at Bob's den\./ }).waitFor();
    // The night's day as the host set it, written the reader's way: 'Tue, Dec 15, 2026'.
    const day = new Date(`${startsAt.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
    const cancelled = panel.getByRole('link', { name: `The Friday Frights movie night of ${day} is cancelled.` });
    await cancelled.click();
    await guest.page.waitForURL(new RegExp(`/screening/${id}$`));
    await guest.page.locator('.screening-cancelled-tag').waitFor();
    // In German: the sentence translated, the same day written the German way ('Di., 15. Dez. 2026').
    await Promise.all([guest.page.waitForEvent('load'), guest.page.locator('.app-header').getByRole('combobox', { name: 'Language' }).selectOption('de')]);
    const germanDay = new Date(`${startsAt.slice(0, 10)}T00:00:00Z`).toLocaleDateString('de', { timeZone: 'UTC', weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
    await guest.page.locator('.bell-button').click();
    await guest.page.locator('.bell-panel').getByRole('link', { name: `Der Filmabend zu Friday Frights am ${germanDay} fällt aus.` }).waitFor();
    for (const opened of [guest, hostPage]) {
      assert.deepEqual(opened.pageErrors, []);
      await opened.context.close();
    }
  });

  it("lists a list's earlier nights once opened: the movie picked, or that it was cancelled", async () => {
    // The recorded night ended yesterday: past the six hours a started night still counts as upcoming.
    await startedHoursAgo(site, screeningId, 30);
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ann);
    let asked = 0;
    page.on('request', (request) => void (request.url().includes('upcoming=0') && asked++));
    await page.goto(`/watchlist/${listId}`);
    const card = page.locator('.movie-nights-card');
    const earlier = card.locator('details.movie-night-earlier');
    await earlier.getByText('Earlier movie nights').waitFor();
    assert.equal(asked, 0, 'read only once opened');
    await earlier.getByText('Earlier movie nights').click();
    const rows = earlier.locator('li');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    assert.ok(texts.some((text) => text.includes('Cancelled')), texts.join(' | '));
    assert.ok(texts.some((text) => text.includes(picked)), texts.join(' | '));
    await checkScreen(page, 'watchlist-earlier-nights');
    await rows.filter({ hasText: picked }).getByRole('link').click();
    await page.waitForURL(new RegExp(`/screening/${screeningId}$`));

    // Twenty more nights, older still: the first 20 show, then 'Older movie nights' brings the rest, once each.
    const before = texts.length;
    for (let day = 0; day < 20; day++) await startedHoursAgo(site, await scheduleScreening(host.agent, { watchlist_id: listId }), 24 * (3 + day));
    await page.goto(`/watchlist/${listId}`);
    await earlier.getByText('Earlier movie nights').click();
    await rows.nth(19).waitFor();
    assert.equal(await rows.count(), 20);
    await checkScreen(page, 'watchlist-earlier-nights-more');
    await earlier.getByRole('button', { name: 'Older movie nights' }).click();
    await rows.nth(before + 19).waitFor();
    await earlier.getByRole('button', { name: 'Older movie nights' }).waitFor({ state: 'detached' });
    const links = await rows.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    assert.equal(links.length, before + 20);
    assert.equal(new Set(links).size, links.length, 'each night once');
    await rows.filter({ hasText: picked }).getByRole('link').click();
    await page.waitForURL(new RegExp(`/screening/${screeningId}$`));
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('invites visitors to sign in, keeps the focus on an answer, and follows the list as its movies change', async () => {
    const listReply = await host.agent.post('/api/watchlists/public', { name: 'Board Live' });
    const boardList = listReply.body.watchlist.id as number;
    const first = await addMovie(site.database.db, { title: 'Board Live First', year: 1981, genres: 'Drama', length: 90 });
    await host.agent.post(`/api/watchlists/${boardList}/items`, { movie_id: first.id });
    const night = await scheduleScreening(host.agent, { watchlist_id: boardList });

    // A visitor is asked to sign in to answer and to vote.
    const visitor = await newPage(browser, site.url);
    await visitor.page.goto(`/screening/${night}`);
    await visitor.page.locator('.screening-summary').getByText('to answer whether you are coming.').waitFor();
    await visitor.page.locator('.candidate-board').getByText('Sign in and answer Going to vote.').waitFor();
    await visitor.context.close();

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ann);
    await page.goto(`/screening/${night}`);
    const going = page.locator('.screening-summary').getByRole('button', { name: 'Going', exact: true });
    await going.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.screening-summary [aria-pressed="true"]')?.textContent?.includes('Going'));
    assert.equal(await going.evaluate((button) => button === document.activeElement), true, 'the focus stays on Going');
    const vote = candidate(page, 'Board Live First').getByRole('button', { name: 'Vote for Board Live First' });
    await vote.focus();
    await page.keyboard.press('Enter');
    const voted = candidate(page, 'Board Live First').getByRole('button', { name: 'Voted for Board Live First' });
    await voted.waitFor();
    assert.equal(await voted.evaluate((button) => button === document.activeElement), true, 'the focus stays on the vote');

    // A movie added to the list joins the open board without a reload.
    const second = await addMovie(site.database.db, { title: 'Board Live Second', year: 1982, genres: 'Drama', length: 90 });
    await host.agent.post(`/api/watchlists/${boardList}/items`, { movie_id: second.id });
    await candidate(page, 'Board Live Second').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("offers the night's calendar file, which a calendar parser reads with the picked title", async () => {
    const { page, context } = await newSignedInPage(browser, site.url, ann);
    await page.goto(`/screening/${screeningId}`);
    const link = page.getByRole('link', { name: 'Add to calendar' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    assert.equal(event.summary, `Movie night: ${picked} (Friday Frights)`);
    assert.equal(event.location, "Ann's living room");
    assert.equal(event.description, 'Bring snacks.');
    assert.match(String(event.component.getFirstPropertyValue('url')), new RegExp(`/screening/${screeningId}$`));
    await context.close();
  });
});
