import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { addMovie, addReview, createUser } from '../testing/factories';
import { rawGet } from '../testing/rawGet';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const BROWSER = 'gzip, deflate, br, zstd';

for (const kind of TEST_DATABASES) {
  describe(`compressed JSON replies (${kind})`, () => {
    let app: TestApp;
    let movieId: number;
    let userIds: number[];
    before(async () => {
      app = await startTestApp(kind);
      movieId = (await addMovie(app.database.db, { title: 'Compressed Reviews' })).id;
      userIds = [];
      for (const name of ['press_ann', 'press_bob', 'press_cy']) {
        await createUser(app, name);
        userIds.push((await app.database.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
      }
    });
    after(() => app.close());

    const reviewsAddress = () => `${app.url}/api/movies/${movieId}/reviews?limit=20`;

    it('sends the same reply compressed on every call, and a changed reply compressed anew', async () => {
      const longText = (who: string) => `<p>${`${who} thought about this one for a long while. `.repeat(30)}</p>`;
      await addReview(app.database.db, { user_id: userIds[0], movie_id: movieId, stars: 7, text: longText('Ann') });
      const plain = await rawGet(reviewsAddress(), { 'accept-encoding': 'identity' });
      assert.ok(plain.body.length > 1024, 'large enough to be compressed');
      for (let call = 0; call < 2; call++) {
        const packed = await rawGet(reviewsAddress(), { 'accept-encoding': BROWSER });
        assert.equal(packed.headers['content-encoding'], 'br');
        assert.match(String(packed.headers.vary), /accept-encoding/i);
        assert.equal(Number(packed.headers['content-length']), packed.body.length);
        assert.deepEqual(zlib.brotliDecompressSync(packed.body), plain.body, `call ${call + 1}`);
      }
      const gzipped = await rawGet(reviewsAddress(), { 'accept-encoding': 'gzip' });
      assert.equal(gzipped.headers['content-encoding'], 'gzip');
      assert.deepEqual(zlib.gunzipSync(gzipped.body), plain.body);

      await addReview(app.database.db, { user_id: userIds[1], movie_id: movieId, stars: 3, text: longText('Bob') });
      const changed = await rawGet(reviewsAddress(), { 'accept-encoding': BROWSER });
      const reviews = JSON.parse(zlib.brotliDecompressSync(changed.body).toString('utf8')).reviews as { stars: number }[];
      assert.deepEqual(reviews.map((review) => review.stars).sort(), [3, 7]);
    });

    it('sends a reply as it is to a client that accepts no encoding we make', async () => {
      const reply = await rawGet(reviewsAddress(), { 'accept-encoding': 'zstd;q=1, identity;q=0.5' });
      assert.equal(reply.headers['content-encoding'], undefined);
      assert.equal(JSON.parse(reply.body.toString('utf8')).success, true);
    });
  });
}
