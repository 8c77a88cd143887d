import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { type InsightClub, insightClub, THIS_YEAR, TODAY } from './testing';

// Every expected figure below is worked out by hand from the club in ./testing.ts (its table
// lists every review and viewing); the comments show the arithmetic.

const YEAR_SENTENCE = 'Year must be a whole number from 1900 to 2100.';
const empty = (period: string) => ({ period, films: 0, viewings: 0, hours: 0, reviews: 0 });
const months2024 = (filled: Record<string, { films: number; viewings: number; hours: number; reviews: number }>) =>
  Array.from({ length: 12 }, (_, index) => {
    const period = `2024-${String(index + 1).padStart(2, '0')}`;
    return filled[period] ? { period, ...filled[period] } : empty(period);
  });

for (const kind of TEST_DATABASES) {
  describe(`club insights (${kind})`, () => {
    let app: TestApp;
    let club: InsightClub;
    const member = (who: 'ann' | 'bob' | 'cid' | 'dee' | 'eve' | 'fay') => ({ username: club.name(who), profile_picture: null });
    const movie = (title: 'Alpha' | 'Bravo' | 'Charlie' | 'Delta' | 'Echo' | 'Foxtrot' | 'Golf' | 'Hotel', year: number) => ({
      id: club.movies[title],
      title,
      year,
      poster: `/posters/${title.toLowerCase()}.jpg`,
    });
    const alpha = () => movie('Alpha', 1984);
    const bravo = () => movie('Bravo', 1999);
    const charlie = () => movie('Charlie', 1991);
    const delta = () => movie('Delta', 2010);
    const echo = () => movie('Echo', 1975);
    const golf = () => movie('Golf', 2005);
    const hotel = () => movie('Hotel', 2005);

    const get = async (path: string) => {
      const reply = await app.agent().get(path);
      assert.equal(reply.status, 200, `${path}: ${JSON.stringify(reply.body)}`);
      return reply.body;
    };

    before(async () => {
      app = await startTestApp(kind);
      club = await insightClub(app, 'in');
    });
    after(() => app.close());

    it("gives a member's all-time statistics, undated viewings in the totals only", async () => {
      const { stats } = await get('/api/users/in_ann/stats');
      assert.deepEqual(stats, {
        username: 'in_ann',
        year: null,
        // Viewings dated 2023, 2024 and today; reviews written in 2023 (Delta, 23:00 UTC on 31 December) and 2024.
        years: [THIS_YEAR, 2024, 2023],
        // 7 viewings of Alpha, Bravo, Charlie, Delta, Echo (5 films), 2 marked rewatches;
        // minutes 90 + 120 + 0 (Charlie has no length) + 90 + 100 (undated Delta) + 80 + 80 = 560 → 9.33 h.
        totals: { films: 5, viewings: 7, rewatches: 2, hours: 9.3, reviews: 6 },
        activity: [
          // Echo on 2023-07-14: 80 min = 1.33 h; the Delta review at 2023-12-31T23:00Z.
          { period: '2023', films: 1, viewings: 1, hours: 1.3, reviews: 1 },
          // Alpha, Bravo, Charlie, Alpha again: 90 + 120 + 0 + 90 = 300 min = 5 h; reviews of Alpha, Bravo, Charlie, Golf, Hotel.
          { period: '2024', films: 3, viewings: 4, hours: 5, reviews: 5 },
          // Echo today: 80 min. The undated Delta belongs to no year.
          { period: String(THIS_YEAR), films: 1, viewings: 1, hours: 1.3, reviews: 0 },
        ],
        // Stars 9, 3, 7, 10, 6, 4: one each at 3, 4, 6, 7, 9 and 10.
        ratings: [0, 0, 1, 1, 0, 1, 1, 0, 1, 1],
        // (9 + 3 + 7 + 10 + 6 + 4) / 6 = 39 / 6 = 6.5
        average_stars: 6.5,
        // A twice (Alpha, Charlie); S and F once each: the tie goes to the higher grade.
        ttm_grades: [
          { name: 'A', count: 2 },
          { name: 'S', count: 1 },
          { name: 'F', count: 1 },
        ],
        // Films viewed: Alpha (Horror, Comedy), Bravo (Drama), Charlie (Horror), Delta (Comedy, Drama), Echo (none):
        // two each, so by name.
        genres: [
          { name: 'Comedy', count: 2 },
          { name: 'Drama', count: 2 },
          { name: 'Horror', count: 2 },
        ],
        // Echo 1975, Alpha 1984, Bravo 1999 and Charlie 1991, Delta 2010.
        decades: [
          { decade: 1970, count: 1 },
          { decade: 1980, count: 1 },
          { decade: 1990, count: 2 },
          { decade: 2010, count: 1 },
        ],
        // bob: Alpha on 2024-03-01 (ann tagged bob and bob tagged ann: once) and Bravo on 2024-04-02 (bob tagged ann) = 2;
        // cid: Charlie on 2024-02-10 (cid tagged ann) = 1. dee, tagged beside ann by cid, never tagged or was tagged by ann.
        watched_with: [
          { ...member('bob'), count: 2 },
          { ...member('cid'), count: 1 },
        ],
        // Pain levels 2, 8, 3 → 13 / 3 = 4.33; smoke alarms 1, 0, 2 → 3 / 3 = 1, total 3.
        pain_level_average: 4.3,
        smoke_alarms_average: 1,
        smoke_alarms_total: 3,
        // Days 2023-07-14, 2024-03-01, 03-02, 03-03, 03-05, today: three in a row in March 2024.
        longest_streak: { days: 3, from: '2024-03-01', to: '2024-03-03' },
      });
    });

    it("gives a member's statistics for one year, every month listed", async () => {
      const { stats } = await get('/api/users/IN_ANN/stats?year=2024');
      assert.deepEqual(stats, {
        username: 'in_ann',
        year: 2024,
        years: [THIS_YEAR, 2024, 2023],
        // Alpha, Bravo, Charlie, Alpha (the rewatch): 300 min = 5 h; reviews Alpha, Bravo, Charlie, Golf, Hotel (Delta was 2023 in UTC).
        totals: { films: 3, viewings: 4, rewatches: 1, hours: 5, reviews: 5 },
        activity: months2024({
          '2024-03': { films: 3, viewings: 4, hours: 5, reviews: 2 }, // reviews of Alpha (03-01) and Bravo (03-02)
          '2024-05': { films: 0, viewings: 0, hours: 0, reviews: 1 }, // Charlie
          '2024-07': { films: 0, viewings: 0, hours: 0, reviews: 2 }, // Golf, Hotel
        }),
        // Stars 9, 3, 7, 6, 4.
        ratings: [0, 0, 1, 1, 0, 1, 1, 0, 1, 0],
        // 29 / 5 = 5.8
        average_stars: 5.8,
        ttm_grades: [
          { name: 'A', count: 2 },
          { name: 'F', count: 1 },
        ],
        // Alpha (Horror, Comedy), Bravo (Drama), Charlie (Horror).
        genres: [
          { name: 'Horror', count: 2 },
          { name: 'Comedy', count: 1 },
          { name: 'Drama', count: 1 },
        ],
        decades: [
          { decade: 1980, count: 1 },
          { decade: 1990, count: 2 },
        ],
        watched_with: [
          { ...member('bob'), count: 2 },
          { ...member('cid'), count: 1 },
        ],
        // Pain 2 and 8 → 5; smoke alarms 1 and 0 → 0.5, total 1.
        pain_level_average: 5,
        smoke_alarms_average: 0.5,
        smoke_alarms_total: 1,
        longest_streak: { days: 3, from: '2024-03-01', to: '2024-03-03' },
      });
    });

    it('gives a member without reviews or viewings empty figures, and who tagged them', async () => {
      const zeros = { films: 0, viewings: 0, rewatches: 0, hours: 0, reviews: 0 };
      const nothing = {
        ratings: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        average_stars: null,
        ttm_grades: [],
        genres: [],
        decades: [],
        // cid tagged dee in his Charlie on 2024-02-10.
        watched_with: [{ ...member('cid'), count: 1 }],
        pain_level_average: null,
        smoke_alarms_average: null,
        smoke_alarms_total: 0,
        longest_streak: null,
      };
      const allTime = await get('/api/users/in_dee/stats');
      assert.deepEqual(allTime.stats, { username: 'in_dee', year: null, years: [], totals: zeros, activity: [], ...nothing });
      const year = await get('/api/users/in_dee/stats?year=2024');
      assert.deepEqual(year.stats, { username: 'in_dee', year: 2024, years: [], totals: zeros, activity: months2024({}), ...nothing });
    });

    it('gives a member with a single rating its stars as the average', async () => {
      const { stats } = await get('/api/users/in_fay/stats');
      assert.deepEqual(stats, {
        username: 'in_fay',
        year: null,
        years: [2024],
        totals: { films: 0, viewings: 0, rewatches: 0, hours: 0, reviews: 1 },
        activity: [{ period: '2024', films: 0, viewings: 0, hours: 0, reviews: 1 }],
        // Echo, 8 stars.
        ratings: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
        average_stars: 8,
        ttm_grades: [],
        genres: [],
        decades: [],
        watched_with: [],
        pain_level_average: null,
        smoke_alarms_average: null,
        smoke_alarms_total: 0,
        longest_streak: null,
      });
    });

    it('breaks ties among companions by name and among streaks by the earliest', async () => {
      const { stats } = await get('/api/users/in_bob/stats');
      // Alpha 2024-03-01 (90), Bravo 2024-04-02 (120), Echo today (80): 290 min = 4.83 h.
      assert.deepEqual(stats.totals, { films: 3, viewings: 3, rewatches: 0, hours: 4.8, reviews: 5 });
      // ann: Alpha 03-01 and Bravo 04-02; cid: Bravo 04-02 and Echo today. Two each.
      assert.deepEqual(stats.watched_with, [
        { ...member('ann'), count: 2 },
        { ...member('cid'), count: 2 },
      ]);
      // Three single days: the earliest.
      assert.deepEqual(stats.longest_streak, { days: 1, from: '2024-03-01', to: '2024-03-01' });
    });

    it('answers an unknown member and a bad year with the sentences of the contract', async () => {
      for (const path of ['/api/users/nobody_here/stats', '/api/users/nobody_here/stats?year=2024', '/api/users/a%20b/stats']) {
        const reply = await app.agent().get(path);
        assert.deepEqual([reply.status, reply.body.error, reply.body.code], [404, 'User not found.', 'user_not_found'], path);
      }
      for (const year of ['abc', '1899', '2101', '20.5', '', '-2024', '2024x', '99999999999']) {
        for (const path of [`/api/users/in_ann/stats?year=${year}`, `/api/club/stats?year=${year}`]) {
          const reply = await app.agent().get(path);
          assert.deepEqual([reply.status, reply.body.error], [400, YEAR_SENTENCE], path);
        }
      }
      assert.equal((await app.agent().get('/api/club/stats?year=1900')).status, 200, 'the first year allowed');
      assert.equal((await app.agent().get('/api/club/stats?year=2100')).status, 200, 'the last year allowed');
    });

    it("gives the club's all-time consensus among today's members", async () => {
      const { stats } = await get('/api/club/stats');
      assert.deepEqual(stats, {
        year: null,
        years: [THIS_YEAR, 2024, 2023],
        // Only ann and bob logged a viewing in the last 12 months (today); cid was only tagged today.
        members: [member('ann'), member('bob')],
        most_loved: [
          // Charlie 7, 6, 7: 20 / 3 = 6.67; variance (3·134 − 20²) / 9 = 2/9, sd 0.47.
          { movie: charlie(), average: 6.67, stddev: 0.47, ratings: 3 },
          // Alpha 9, 8, 2: 19 / 3 = 6.33; variance (3·149 − 19²) / 9 = 86/9, sd 3.09.
          { movie: alpha(), average: 6.33, stddev: 3.09, ratings: 3 },
          // Golf 6, 6, 6, 6 and Hotel 4, 8, 6 both average 6: Golf has more ratings. Hotel: variance (3·116 − 18²) / 9 = 24/9, sd 1.63.
          { movie: golf(), average: 6, stddev: 0, ratings: 4 },
          { movie: hotel(), average: 6, stddev: 1.63, ratings: 3 },
          // Bravo 3, 9, 5: 17 / 3 = 5.67; variance (3·115 − 17²) / 9 = 56/9, sd 2.49.
          { movie: bravo(), average: 5.67, stddev: 2.49, ratings: 3 },
        ],
        // Delta (2 ratings) and Echo (1) are too few; Golf's equal stars divide nobody.
        most_divisive: [
          { movie: alpha(), average: 6.33, stddev: 3.09, ratings: 3 },
          { movie: bravo(), average: 5.67, stddev: 2.49, ratings: 3 },
          { movie: hotel(), average: 6, stddev: 1.63, ratings: 3 },
          { movie: charlie(), average: 6.67, stddev: 0.47, ratings: 3 },
        ],
        // Seen by ann and bob: not Delta (bob never), not Foxtrot (nobody).
        seen_by_everyone: [alpha(), bravo(), charlie(), echo(), golf(), hotel()],
        disagreements: [
          { movie: alpha(), high: { ...member('ann'), stars: 9 }, low: { ...member('cid'), stars: 2 }, gap: 7 },
          // Bravo and Delta both 6 apart: by title.
          { movie: bravo(), high: { ...member('bob'), stars: 9 }, low: { ...member('ann'), stars: 3 }, gap: 6 },
          { movie: delta(), high: { ...member('ann'), stars: 10 }, low: { ...member('eve'), stars: 4 }, gap: 6 },
          { movie: hotel(), high: { ...member('bob'), stars: 8 }, low: { ...member('ann'), stars: 4 }, gap: 4 },
          // ann and cid both gave Charlie 7: the first by name is named.
          { movie: charlie(), high: { ...member('ann'), stars: 7 }, low: { ...member('bob'), stars: 6 }, gap: 1 },
          // Golf (all 6) and Echo (one rating) have no gap.
        ],
        // Viewed by anyone, ever: Alpha, Bravo, Charlie, Delta, Echo (as ann's genres).
        genres: [
          { name: 'Comedy', count: 2 },
          { name: 'Drama', count: 2 },
          { name: 'Horror', count: 2 },
        ],
        activity: [
          // ann's Echo (80) and eve's Delta (100): 3 h; reviews ann Delta, eve Delta, eve Golf.
          { period: '2023', films: 2, viewings: 2, hours: 3, reviews: 3 },
          // ann 4 (300 min), bob Alpha and Bravo (210), cid Charlie (0): 510 min = 8.5 h; reviews 5 + 5 + 5 + 1 (fay).
          { period: '2024', films: 3, viewings: 7, hours: 8.5, reviews: 16 },
          // ann's and bob's Echo today: 160 min = 2.67 h.
          { period: String(THIS_YEAR), films: 1, viewings: 2, hours: 2.7, reviews: 0 },
        ],
        // 11 dated viewings + ann's undated Delta = 12; 180 + 510 + 160 + 100 = 950 min = 15.83 h; reviews 6 + 5 + 5 + 2 + 1.
        totals: { films: 5, viewings: 12, hours: 15.8, reviews: 19 },
      });
    });

    it("gives one year's consensus among that year's members", async () => {
      const { stats } = await get('/api/club/stats?year=2024');
      assert.deepEqual(stats, {
        year: 2024,
        years: [THIS_YEAR, 2024, 2023],
        // Active in 2024: ann, bob, cid (reviews, viewings) and fay (her Echo review); eve's are from 2023.
        members: [member('ann'), member('bob'), member('cid'), member('fay')],
        most_loved: [
          { movie: charlie(), average: 6.67, stddev: 0.47, ratings: 3 },
          { movie: alpha(), average: 6.33, stddev: 3.09, ratings: 3 },
          // eve's Golf was 2023: Golf 6, 6, 6 and Hotel 4, 8, 6 tie on mean and count, so by title.
          { movie: golf(), average: 6, stddev: 0, ratings: 3 },
          { movie: hotel(), average: 6, stddev: 1.63, ratings: 3 },
          { movie: bravo(), average: 5.67, stddev: 2.49, ratings: 3 },
        ],
        most_divisive: [
          { movie: alpha(), average: 6.33, stddev: 3.09, ratings: 3 },
          { movie: bravo(), average: 5.67, stddev: 2.49, ratings: 3 },
          { movie: hotel(), average: 6, stddev: 1.63, ratings: 3 },
          { movie: charlie(), average: 6.67, stddev: 0.47, ratings: 3 },
        ],
        // Only Echo has been seen by all four: ann and bob viewed it, fay reviewed it, cid was tagged in bob's viewing.
        seen_by_everyone: [echo()],
        // Delta's reviews were both written in 2023.
        disagreements: [
          { movie: alpha(), high: { ...member('ann'), stars: 9 }, low: { ...member('cid'), stars: 2 }, gap: 7 },
          { movie: bravo(), high: { ...member('bob'), stars: 9 }, low: { ...member('ann'), stars: 3 }, gap: 6 },
          { movie: hotel(), high: { ...member('bob'), stars: 8 }, low: { ...member('ann'), stars: 4 }, gap: 4 },
          { movie: charlie(), high: { ...member('ann'), stars: 7 }, low: { ...member('bob'), stars: 6 }, gap: 1 },
        ],
        // Viewed in 2024: Alpha (Horror, Comedy), Bravo (Drama), Charlie (Horror).
        genres: [
          { name: 'Horror', count: 2 },
          { name: 'Comedy', count: 1 },
          { name: 'Drama', count: 1 },
        ],
        activity: months2024({
          '2024-02': { films: 1, viewings: 1, hours: 0, reviews: 3 }, // cid's Charlie (no length); cid's Alpha, Bravo, Charlie reviews
          '2024-03': { films: 3, viewings: 5, hours: 6.5, reviews: 2 }, // ann 4 + bob's Alpha: 90 + 120 + 0 + 90 + 90 = 390 min
          '2024-04': { films: 1, viewings: 1, hours: 2, reviews: 2 }, // bob's Bravo, 120 min; bob's Alpha and Bravo reviews
          '2024-05': { films: 0, viewings: 0, hours: 0, reviews: 1 },
          '2024-06': { films: 0, viewings: 0, hours: 0, reviews: 1 },
          '2024-07': { films: 0, viewings: 0, hours: 0, reviews: 6 }, // Golf and Hotel by ann, bob, cid
          '2024-08': { films: 0, viewings: 0, hours: 0, reviews: 1 }, // fay's Echo
        }),
        totals: { films: 3, viewings: 7, hours: 8.5, reviews: 16 },
      });
    });

    it('counts a review by its UTC time: 23:00 on 31 December is the old year', async () => {
      const { stats } = await get('/api/club/stats?year=2023');
      // ann reviewed Delta at 2023-12-31T23:00Z and viewed Echo in July; eve reviewed and viewed in June.
      assert.deepEqual(stats.members, [member('ann'), member('eve')]);
      assert.deepEqual(stats.totals, { films: 2, viewings: 2, hours: 3, reviews: 3 });
      // Seen by both ann and eve: Delta (both reviewed and viewed it) and Golf (both reviewed it).
      assert.deepEqual(stats.seen_by_everyone, [delta(), golf()]);
      assert.deepEqual(stats.most_loved, [], 'no film has 3 ratings written in 2023');
      assert.deepEqual(stats.disagreements, [{ movie: delta(), high: { ...member('ann'), stars: 10 }, low: { ...member('eve'), stars: 4 }, gap: 6 }]);
    });

    it('gives a year without activity empty figures', async () => {
      const { stats } = await get('/api/club/stats?year=1990');
      assert.deepEqual(stats, {
        year: 1990,
        years: [THIS_YEAR, 2024, 2023],
        members: [],
        most_loved: [],
        most_divisive: [],
        seen_by_everyone: [],
        disagreements: [],
        genres: [],
        activity: Array.from({ length: 12 }, (_, index) => empty(`1990-${String(index + 1).padStart(2, '0')}`)),
        totals: { films: 0, viewings: 0, hours: 0, reviews: 0 },
      });
    });

    it('matches two members by the adjusted cosine of their co-rated movies, shrunk towards 50', async () => {
      const match = await get('/api/users/in_ann/taste/in_bob');
      // Means shrunk with two imaginary 5.5s: ann (39 + 11) / (6 + 2) = 6.25, bob (37 + 11) / (5 + 2) = 6.857.
      // Deviations (ann, bob): Alpha (2.75, 1.143), Bravo (−3.25, 2.143), Charlie (0.75, −0.857),
      // Golf (−0.25, −0.857), Hotel (−2.25, 1.143): dot −6.821, |ann|² 23.81, |bob|² 8.673,
      // similarity −6.821 / (4.880 · 2.945) = −0.4747; 5 shared films weigh 5 / (5 + 5) = 0.5:
      // 50 + 50 · (−0.4747) · 0.5 = 38.13 → 38.
      assert.deepEqual(match, {
        success: true,
        score: 38,
        common: 5,
        // Gaps under 2, smallest first: Golf 0, then Alpha and Charlie 1 each (Alpha's 17 stars before Charlie's 13).
        agree: [
          { movie: golf(), a_stars: 6, b_stars: 6 },
          { movie: alpha(), a_stars: 9, b_stars: 8 },
          { movie: charlie(), a_stars: 7, b_stars: 6 },
        ],
        disagree: [
          { movie: bravo(), a_stars: 3, b_stars: 9 },
          { movie: hotel(), a_stars: 4, b_stars: 8 },
        ],
      });
      const reverse = await get('/api/users/IN_BOB/taste/in_ann');
      assert.equal(reverse.score, 38, 'the same either way round');
      assert.deepEqual(reverse.disagree[0], { movie: bravo(), a_stars: 9, b_stars: 3 });
    });

    it('scores a single shared movie barely off 50, and none at all as null', async () => {
      // cid and eve share only Golf (6 and 6). Means: cid (26 + 11) / 7 = 5.29, eve (10 + 11) / 4 = 5.25: both
      // deviations positive, similarity 1; one film weighs 1 / 6: 50 + 50 / 6 = 58.3 → 58.
      assert.deepEqual(await get('/api/users/in_cid/taste/in_eve'), {
        success: true,
        score: 58,
        common: 1,
        agree: [{ movie: golf(), a_stars: 6, b_stars: 6 }],
        disagree: [],
      });
      assert.deepEqual(await get('/api/users/in_ann/taste/in_dee'), { success: true, score: null, common: 0, agree: [], disagree: [] });
    });

    it('refuses a taste match of a member with themselves, and unknown members', async () => {
      for (const path of ['/api/users/in_ann/taste/in_ann', '/api/users/in_ann/taste/IN_Ann']) {
        const reply = await app.agent().get(path);
        assert.deepEqual([reply.status, reply.body.error], [400, 'A taste match compares two different members.'], path);
      }
      for (const path of ['/api/users/in_ann/taste/nobody_here', '/api/users/nobody_here/taste/in_ann', '/api/users/nobody_here/taste/nobody_here']) {
        const reply = await app.agent().get(path);
        assert.deepEqual([reply.status, reply.body.error, reply.body.code], [404, 'User not found.', 'user_not_found'], path);
      }
    });

    it("says which of today's members have seen a movie", async () => {
      const seenBy = async (title: keyof InsightClub['movies']) => get(`/api/movies/${club.movies[title]}/seen-by`);
      assert.deepEqual(await seenBy('Alpha'), { success: true, seen: [member('ann'), member('bob')], not_seen: [] });
      // ann reviewed Delta and marked it watched without a day; bob never saw it.
      assert.deepEqual(await seenBy('Delta'), { success: true, seen: [member('ann')], not_seen: [member('bob')] });
      assert.deepEqual(await seenBy('Foxtrot'), { success: true, seen: [], not_seen: [member('ann'), member('bob')] });
      // cid, tagged in bob's Echo, has seen it but is not a member today.
      assert.deepEqual(await seenBy('Echo'), { success: true, seen: [member('ann'), member('bob')], not_seen: [] });
      const unknown = await app.agent().get('/api/movies/999999/seen-by');
      assert.deepEqual([unknown.status, unknown.body.error], [404, 'Movie not found.']);
      const junk = await app.agent().get('/api/movies/abc/seen-by');
      assert.deepEqual([junk.status, junk.body.error], [400, 'The movie id is not valid.']);
    });

    it('says who has seen each movie on a list, naming the list as its page does', async () => {
      const ann = club.members.ann;
      const created = await ann.agent.post('/api/watchlists/public', { name: 'Seen Or Not' });
      const listId = created.body.watchlist.id as number;
      for (const title of ['Delta', 'Foxtrot', 'Echo'] as const) await ann.agent.post(`/api/watchlists/${listId}/items`, { movie_id: club.movies[title] });
      const expected = {
        success: true,
        members: [member('ann'), member('bob')],
        seen_by: { [club.movies.Delta]: ['in_ann'], [club.movies.Foxtrot]: [], [club.movies.Echo]: ['in_ann', 'in_bob'] },
      };
      for (const identifier of [`${listId}`, `${listId}-seen-or-not`, `${listId}-any-slug-at-all`]) {
        assert.deepEqual(await get(`/api/watchlists/${identifier}/seen-by`), expected, identifier);
      }
      for (const identifier of ['999999', 'abc', '0', '-1', `x${listId}`]) {
        const reply = await app.agent().get(`/api/watchlists/${identifier}/seen-by`);
        assert.deepEqual([reply.status, reply.body.error], [404, 'Watchlist not found.'], identifier);
      }
    });

    it("answers 'mine' with the caller's personal list, empty before it exists", async () => {
      const anonymous = await app.agent().get('/api/watchlists/mine/seen-by');
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to do that.']);
      const newcomer = await createUser(app, 'in_newcomer');
      const before = await newcomer.agent.get('/api/watchlists/mine/seen-by');
      assert.deepEqual(before.body, { success: true, members: [member('ann'), member('bob')], seen_by: {} });
      await newcomer.agent.post('/api/watchlists/mine/items', { movie_id: club.movies.Alpha });
      const mine = await newcomer.agent.get('/api/watchlists/mine/seen-by');
      assert.deepEqual(mine.body.seen_by, { [club.movies.Alpha]: ['in_ann', 'in_bob'] });
    });

    it('counts a tag in a viewing as having seen the movie', async () => {
      // Last: it changes the club. ann logs Foxtrot today and tags bob, who never viewed or reviewed it.
      const logged = await club.members.ann.agent.post('/api/viewings', { movie_id: club.movies.Foxtrot, watched_on: TODAY, with: ['in_bob'] });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));
      assert.deepEqual(await get(`/api/movies/${club.movies.Foxtrot}/seen-by`), { success: true, seen: [member('ann'), member('bob')], not_seen: [] });
      const { stats } = await get('/api/club/stats');
      assert.ok(stats.seen_by_everyone.some((film: { id: number }) => film.id === club.movies.Foxtrot), 'the answer kept before is not reused');
    });
  });
}
