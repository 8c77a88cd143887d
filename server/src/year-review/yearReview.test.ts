import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { scheduleScreening, screeningWorld, startedHoursAgo } from '../screenings/testing';
import { addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

type World = Awaited<ReturnType<typeof screeningWorld>>;

const YEAR = new Date().getUTCFullYear();
const PAGE = '<!doctype html><html lang="en"><head><title>MovieClub</title></head><body><div id="root"></div></body></html>';

for (const kind of TEST_DATABASES) {
  describe(`the year in review (${kind})`, () => {
    let app: TestApp;
    let world: World;
    let webDist: string;
    let bigNight: number;

    before(async () => {
      webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'year-page-'));
      fs.writeFileSync(path.join(webDist, 'index.html'), PAGE);
      app = await startTestApp(kind, { config: { webDist, publicUrl: 'https://club.example.org' } });
      world = await screeningWorld(app, 'yr');
      const [first, second] = world.listed;
      const stars: [number, number, number][] = [
        [world.owner.id, first.id, 9],
        [world.owner.id, second.id, 4],
        [world.moderator.id, first.id, 8],
        [world.moderator.id, second.id, 10],
        [world.stranger.id, first.id, 2],
        [world.stranger.id, second.id, 7],
      ];
      for (const [user_id, movie_id, given] of stars) await addReview(app.database.db, { user_id, movie_id, stars: given });
      // Two nights this year: the first with two people there, the second with one.
      const nights: [number, string[]][] = [];
      for (const people of [['yr_owner', 'yr_mod'], ['yr_owner']]) {
        const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
        assert.equal((await world.owner.agent.post(`/api/screenings/${id}/pick`)).status, 200);
        nights.push([id, people]);
      }
      for (const [id, people] of nights) {
        await startedHoursAgo(app, id, 2);
        const recorded = await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: people });
        assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
      }
      bigNight = nights[0][0];
    });
    after(async () => {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    });

    it("tells a member's year: top films, the one that split the club, the best night", async () => {
      const reply = await app.agent().get(`/api/users/YR_OWNER/year/${YEAR}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const { review } = reply.body;
      assert.equal(review.username, 'yr_owner');
      assert.deepEqual(
        review.top_films.map((film: { title: string; stars: number }) => [film.title, film.stars]),
        [
          ['yr film 0', 9],
          ['yr film 1', 4],
        ],
      );
      // Film 0: 9, 8, 2 → mean 19/3 = 6.33, variance (7.11 + 2.78 + 18.78) / 3 = 9.56, deviation 3.09.
      // Film 1: 4, 10, 7 → mean 7, variance (9 + 9 + 0) / 3 = 6, deviation 2.45. Film 0 split the club more.
      assert.deepEqual({ ...review.most_divisive, movie: review.most_divisive.movie.title }, { movie: 'yr film 0', average: 6.33, stddev: 3.09, ratings: 3 });
      assert.equal(review.best_night.screening_id, bigNight);
      assert.equal(review.best_night.attendees, 2);
      assert.equal(review.best_night.watchlist_name, 'yr Public List');
      const stats = (await app.agent().get(`/api/users/yr_owner/stats?year=${YEAR}`)).body.stats;
      assert.deepEqual(review.totals, { films: stats.totals.films, hours: stats.totals.hours, viewings: stats.totals.viewings, reviews: stats.totals.reviews });
      assert.equal(review.totals.reviews, 2);

      const stranger = (await app.agent().get(`/api/users/yr_stranger/year/${YEAR}`)).body.review;
      assert.equal(stranger.best_night, null, 'the stranger came to no movie night');
      const empty = (await app.agent().get(`/api/users/yr_owner/year/${YEAR - 3}`)).body.review;
      assert.deepEqual([empty.top_films, empty.most_divisive, empty.best_night, empty.totals.reviews], [[], null, null, 0]);
      // The years worth leafing to: those with something in them, whichever year is asked for.
      assert.deepEqual(empty.years, review.years);
      assert.ok(review.years.includes(YEAR) && !review.years.includes(YEAR - 3), JSON.stringify(review.years));
      assert.deepEqual((await app.agent().get(`/api/club/year/${YEAR - 3}`)).body.review.years, (await app.agent().get(`/api/club/stats?year=${YEAR}`)).body.stats.years);
    });

    it("tells the club's year: most loved, new members, the best night", async () => {
      const reply = await app.agent().get(`/api/club/year/${YEAR}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const { review } = reply.body;
      // Film 1: mean 7 from three ratings; film 0: 6.33 from three.
      assert.deepEqual(
        review.top_films.map((entry: { movie: { title: string }; average: number }) => [entry.movie.title, entry.average]),
        [
          ['yr film 1', 7],
          ['yr film 0', 6.33],
        ],
      );
      assert.equal(review.most_divisive.movie.title, 'yr film 0');
      assert.deepEqual(
        review.new_members.map((member: { username: string }) => member.username),
        ['yr_owner', 'yr_mod', 'yr_stranger'],
      );
      assert.equal(review.best_night.screening_id, bigNight);
      assert.equal(review.members, 3);
    });

    it('refuses an unknown member and a year that is not one, with sentences', async () => {
      const missing = await app.agent().get(`/api/users/nobody_here/year/${YEAR}`);
      assert.deepEqual([missing.status, missing.body.error], [404, 'User not found.']);
      for (const year of ['999', '20x6', '3000', '02026']) {
        const reply = await app.agent().get(`/api/club/year/${year}`);
        assert.deepEqual([reply.status, reply.body.error], [400, 'Year must be a whole number from 1900 to 2100.'], year);
      }
    });

    it('draws each year as a 1200×630 PNG card, for every caller', async () => {
      const agents = { anonymous: app.agent(), member: world.stranger.agent, moderator: world.moderator.agent, owner: world.owner.agent };
      for (const [role, agent] of Object.entries(agents)) {
        for (const address of [`/api/users/yr_owner/year/${YEAR}/card.png`, `/api/club/year/${YEAR}/card.png`]) {
          const response = await fetch(`${app.url}${address}`, { headers: { cookie: agent.cookieHeader } });
          assert.equal(response.status, 200, `${role} ${address}`);
          assert.equal(response.headers.get('content-type'), 'image/png');
          const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
          assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1200, 630]);
        }
        for (const address of [`/api/users/yr_owner/year/${YEAR}`, `/api/club/year/${YEAR}`]) {
          assert.equal((await agent.get(address)).status, 200, `${role} ${address}`);
        }
      }
      const missing = await fetch(`${app.url}/api/users/nobody_here/year/${YEAR}/card.png`);
      assert.equal(missing.status, 404);
    });

    it('draws the card in the language the client asks for, and refuses one it does not speak', async () => {
      for (const address of [`/api/users/yr_owner/year/${YEAR}/card.png`, `/api/club/year/${YEAR}/card.png`]) {
        const english = Buffer.from(await (await fetch(`${app.url}${address}`)).arrayBuffer());
        const german = await fetch(`${app.url}${address}?lang=de`);
        assert.equal(german.status, 200, address);
        const germanPng = Buffer.from(await german.arrayBuffer());
        assert.deepEqual((await sharp(germanPng).metadata()).width, 1200);
        assert.ok(!germanPng.equals(english), `${address}: the German card differs from the English one`);
        assert.ok(Buffer.from(await (await fetch(`${app.url}${address}?lang=en`)).arrayBuffer()).equals(english), `${address}: English asked for is the default`);
        const refused = await app.agent().get(`${address}?lang=fr`);
        assert.deepEqual([refused.status, refused.body.error], [400, 'Language must be one of en, de.'], address);
      }
    });

    it('gives a shared address a link preview: title, description and the card, escaped', async () => {
      const html = await (await fetch(`${app.url}/user/profile/yr_owner/year/${YEAR}`)).text();
      assert.match(html, new RegExp(`<title>yr_owner's ${YEAR} in film · MovieClub</title>`));
      assert.match(html, /<meta property="og:description" content="\d+ films?, [\d.]+ hours?, 2 reviews\. Top film: yr film 0\." \/>/);
      assert.ok(html.includes(`<meta property="og:image" content="https://club.example.org/api/users/yr_owner/year/${YEAR}/card.png" />`));
      assert.ok(html.includes(`<meta property="og:url" content="https://club.example.org/user/profile/yr_owner/year/${YEAR}" />`));
      assert.ok(html.includes('<div id="root"></div>'), 'the client page itself');

      const club = await (await fetch(`${app.url}/club/year/${YEAR}`)).text();
      assert.ok(club.includes(`<meta property="og:image" content="https://club.example.org/api/club/year/${YEAR}/card.png" />`));

      // An unknown member still gets the page (the client says so), without a preview.
      const unknown = await fetch(`${app.url}/user/profile/nobody_here/year/${YEAR}`);
      assert.equal(unknown.status, 200);
      const plain = await unknown.text();
      assert.ok(plain.includes('<title>MovieClub</title>') && !plain.includes('og:image'));
    });

    it('gives a year outside 1900–2100 the plain page, without a preview whose card would be refused', async () => {
      for (const address of ['/club/year/1800', '/club/year/0000', '/club/year/2101', '/user/profile/yr_owner/year/1800', '/user/profile/yr_owner/year/2101']) {
        const response = await fetch(`${app.url}${address}`);
        assert.equal(response.status, 200, address);
        const html = await response.text();
        assert.ok(html.includes('<title>MovieClub</title>') && !html.includes('og:'), `${address}: ${html}`);
      }
      for (const year of [1900, 2100]) {
        const html = await (await fetch(`${app.url}/club/year/${year}`)).text();
        assert.ok(html.includes(`<meta property="og:url" content="https://club.example.org/club/year/${year}" />`), `${year}: the first and last years have one`);
        assert.equal((await fetch(`${app.url}/api/club/year/${year}/card.png`)).status, 200, `${year}: and its card`);
      }
    });

    it("gives a quiet year a title and the page's own sentence, but no card of zeros", async () => {
      await createUser(app, 'yr_quiet');
      const cases: [string, string][] = [
        [`/club/year/${YEAR + 1}`, `Nothing has been watched or rated in ${YEAR + 1} yet.`],
        ['/club/year/1999', 'Nothing was watched or rated in 1999.'],
        [`/user/profile/yr_quiet/year/${YEAR}`, `Nothing has been watched or rated in ${YEAR} yet.`],
        ['/user/profile/yr_owner/year/1999', 'Nothing was watched or rated in 1999.'],
      ];
      for (const [address, sentence] of cases) {
        const html = await (await fetch(`${app.url}${address}`)).text();
        assert.ok(html.includes(`<meta property="og:description" content="${sentence}" />`), `${address}: ${html}`);
        assert.match(html, /<meta property="og:title" content="[^"]+" \/>/, address);
        assert.ok(html.includes('<meta name="twitter:card" content="summary" />'), address);
        assert.doesNotMatch(html, /og:image|twitter:image|\b0 (members|films|hours)\b/, address);
      }
    });

    it('names the canonical address in og:url: the name as stored, without the query', async () => {
      const html = await (await fetch(`${app.url}/user/profile/YR_OWNER/year/${YEAR}?utm_source=chat&x=%22`)).text();
      assert.ok(html.includes(`<meta property="og:url" content="https://club.example.org/user/profile/yr_owner/year/${YEAR}" />`), html);
      assert.ok(html.includes(`<meta property="og:image" content="https://club.example.org/api/users/yr_owner/year/${YEAR}/card.png" />`));
      const club = await (await fetch(`${app.url}/club/year/${YEAR}?ref=feed`)).text();
      assert.ok(club.includes(`<meta property="og:url" content="https://club.example.org/club/year/${YEAR}" />`), club);
    });

    it("writes link previews, and cards asked for without a language, in the club's language", async () => {
      const cardAddress = `${app.url}/api/users/yr_owner/year/${YEAR}/card.png`;
      const germanCard = Buffer.from(await (await fetch(`${cardAddress}?lang=de`)).arrayBuffer());
      assert.equal((await world.owner.agent.put('/api/admin/settings', { language: 'de' })).status, 200, 'the first account is the admin');
      try {
        const html = await (await fetch(`${app.url}/user/profile/yr_owner/year/${YEAR}`)).text();
        assert.match(html, new RegExp(`<title>Das Filmjahr ${YEAR} von yr_owner · MovieClub</title>`));
        assert.ok(html.includes('<meta property="og:locale" content="de_DE" />'));
        assert.ok(html.startsWith('<!doctype html><html lang="de">'), 'the page says its language is German');
        const quiet = await (await fetch(`${app.url}/club/year/1999`)).text();
        assert.ok(quiet.includes('<meta property="og:description" content="1999 wurde nichts geschaut oder bewertet." />'), quiet);
        assert.match(html, /<meta property="og:description" content="\d+ Filme?, [\d,]+ Stunden?, 2 Kritiken\. Top-Film: yr film 0\." \/>/);
        const club = await (await fetch(`${app.url}/club/year/${YEAR}`)).text();
        assert.match(club, new RegExp(`<title>Das Jahr ${YEAR} des Clubs · MovieClub</title>`));
        assert.match(club, /<meta property="og:description" content="3 Mitglieder, /);
        // The preview's picture is the card without a language: now the German one.
        assert.ok(Buffer.from(await (await fetch(cardAddress)).arrayBuffer()).equals(germanCard));
      } finally {
        await world.owner.agent.put('/api/admin/settings', { language: 'en' });
      }
      const english = await (await fetch(`${app.url}/club/year/${YEAR}`)).text();
      assert.match(english, /<meta property="og:description" content="3 members, /);
      assert.ok(english.includes('<meta property="og:locale" content="en_GB" />'));
      assert.ok(english.startsWith('<!doctype html><html lang="en">'));
    });
  });
}
