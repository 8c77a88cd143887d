import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addImdbTitle, addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

for (const kind of TEST_DATABASES) {
  describe(`public profiles (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    it('shows stats, level and the newest reviews with their movies', async () => {
      const critic = await createUser(app, 'Critic_One');
      const db = app.database.db;
      const trollTitle = await addImdbTitle(db, { tconst: 'tt0105643', primary_title: 'Troll 2', start_year: 1990, genres: 'Comedy,Fantasy,Horror' });
      const troll = await addMovie(db, { tconst: trollTitle.tconst, title: 'Troll 2', year: null, genres: null, poster: '/posters/troll2.svg' });
      const room = await addMovie(db, { title: 'The Room', year: 2003, genres: 'Drama', poster: null });
      const plan9 = await addMovie(db, { title: 'Plan 9 from Outer Space', year: 1957, genres: 'Horror,Sci-Fi' });
      await addReview(db, { user_id: critic.id, movie_id: room.id, stars: 2, created_at: '2026-01-01T10:00:00.000Z' });
      await addReview(db, { user_id: critic.id, movie_id: troll.id, stars: 9, created_at: '2026-03-01T10:00:00.000Z' });
      await addReview(db, { user_id: critic.id, movie_id: plan9.id, stars: 6, created_at: '2026-02-01T10:00:00.000Z' });

      const reply = await app.agent().get('/api/users/Critic_One/profile');
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      const profile = reply.body.profile;
      assert.equal(profile.username, 'Critic_One');
      assert.equal(profile.profile_picture, null);
      assert.ok(!Number.isNaN(Date.parse(profile.joined)), 'joined is a timestamp');
      assert.equal(profile.total_reviews, 3);
      assert.equal(profile.average_rating, 5.7, '(2 + 9 + 6) / 3 to one decimal');
      assert.deepEqual(profile.level, { level: 1, level_name: 'Popcorn Rookie', next_level_at: 5, progress_pct: 60 });
      assert.deepEqual(profile.recent_reviews, [
        {
          movie_id: troll.id,
          title: 'Troll 2',
          year: 1990,
          poster: '/posters/troll2.svg',
          genres: 'Comedy,Fantasy,Horror',
          user_stars: 9,
          created_at: '2026-03-01T10:00:00.000Z',
        },
        {
          movie_id: plan9.id,
          title: 'Plan 9 from Outer Space',
          year: 1957,
          poster: null,
          genres: 'Horror,Sci-Fi',
          user_stars: 6,
          created_at: '2026-02-01T10:00:00.000Z',
        },
        { movie_id: room.id, title: 'The Room', year: 2003, poster: null, genres: 'Drama', user_stars: 2, created_at: '2026-01-01T10:00:00.000Z' },
      ]);
    });

    it('finds a user whatever the case, with dots and hyphens in the name', async () => {
      await createUser(app, 'Dot.Name-X');
      for (const path of ['/api/users/dot.name-x/profile', '/api/users/DOT.NAME-X/profile', '/api/users/Dot%2EName-X/profile']) {
        const reply = await app.agent().get(path);
        assert.equal(reply.status, 200, path);
        assert.equal(reply.body.profile.username, 'Dot.Name-X', 'shown as typed at registration');
      }
    });

    it('shows a member without reviews at the first level with no average', async () => {
      await createUser(app, 'quiet_member');
      const reply = await app.agent().get('/api/users/quiet_member/profile');
      assert.equal(reply.body.profile.total_reviews, 0);
      assert.equal(reply.body.profile.average_rating, null);
      assert.deepEqual(reply.body.profile.level, { level: 1, level_name: 'Popcorn Rookie', next_level_at: 5, progress_pct: 0 });
      assert.deepEqual(reply.body.profile.recent_reviews, []);
    });

    it('lists only the 20 newest of many reviews and levels up by count', async () => {
      const binger = await createUser(app, 'binger');
      const db = app.database.db;
      for (let n = 0; n < 26; n++) {
        const movie = await addMovie(db, { title: `Binge ${n}` });
        const day = String(n + 1).padStart(2, '0');
        await addReview(db, { user_id: binger.id, movie_id: movie.id, stars: n % 2 ? 4 : 7, created_at: `2025-05-${day}T12:00:00.000Z` });
      }
      const profile = (await app.agent().get('/api/users/binger/profile')).body.profile;
      assert.equal(profile.total_reviews, 26);
      assert.equal(profile.average_rating, 5.5);
      assert.deepEqual(profile.level, { level: 4, level_name: 'Cult Curator', next_level_at: 50, progress_pct: 4 });
      assert.equal(profile.recent_reviews.length, 20);
      assert.equal(profile.recent_reviews[0].title, 'Binge 25');
      assert.equal(profile.recent_reviews[19].title, 'Binge 6');
    });

    const oddNames = [
      'nobody_here',
      'a%2Fb',
      'a/b',
      '..%2F..%2Fetc%2Fpasswd',
      '%25',
      '%2525',
      '%C3%A9l%C3%A8ve',
      '%E2%9C%93%F0%9F%8E%AC',
      'a%20b',
      'x'.repeat(300),
      'ab',
    ];
    for (const name of oddNames) {
      it(`answers 404 'User not found.' for ${name.slice(0, 40)}`, async () => {
        const reply = await app.agent().get(`/api/users/${name}/profile`);
        assert.equal(reply.status, 404);
        assert.deepEqual(reply.body, { success: false, error: 'User not found.', code: 'user_not_found' });
      });
    }

    it('refuses a name with a NUL character, as every text', async () => {
      const reply = await app.agent().get('/api/users/%00admin/profile');
      assert.equal(reply.status, 400);
      assert.deepEqual(reply.body, { success: false, error: 'Text must not contain NUL characters.', code: 'invalid_input' });
    });
  });
}
