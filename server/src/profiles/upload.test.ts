import { defaultErrorCode } from '@movieclub/contract';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { DEFAULT_RATE_LIMITS } from '../http/rateLimits';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const PICTURE_URL = /^\/uploads\/avatars\/[a-f0-9]{32}\.webp$/;

function form(bytes: Uint8Array | string, filename = 'me.png', type = 'image/png'): FormData {
  const body = new FormData();
  body.append('picture', new Blob([bytes], { type }), filename);
  return body;
}

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();

/** A small PNG whose header claims `width`×`height` pixels (a decompression bomb's calling card). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1));
  bytes.writeUInt32BE(width, 16); // IHDR data starts after the 8-byte signature, length and type
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

for (const kind of TEST_DATABASES) {
  describe(`profile pictures (${kind})`, () => {
    let app: TestApp;
    let avatarsDir: string;
    const storedFiles = () => (fs.existsSync(avatarsDir) ? fs.readdirSync(avatarsDir).sort() : []);

    before(async () => {
      app = await startTestApp(kind);
      avatarsDir = path.join(app.app.config.uploadsDir, 'avatars');
    });
    after(() => app.close());

    it('accepts a real PNG, stores a small WebP and shows it everywhere', async () => {
      const user = await createUser(app, 'pic_owner');
      const reply = await user.agent.post('/api/users/me/picture', form(await png()));
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      assert.match(reply.body.profile_picture, PICTURE_URL);

      const served = await app.agent().get(reply.body.profile_picture);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/webp');
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.match(served.headers.get('cache-control') ?? '', /max-age=31536000/);
      const image = await sharp(Buffer.from(await (await fetch(app.url + reply.body.profile_picture)).arrayBuffer())).metadata();
      assert.equal(image.format, 'webp');
      assert.equal(image.width, 256);
      assert.equal(image.height, 256);

      assert.equal((await user.agent.get('/api/user')).body.user.profile_picture, reply.body.profile_picture);
      const profile = await app.agent().get('/api/users/PIC_OWNER/profile');
      assert.equal(profile.body.profile.profile_picture, reply.body.profile_picture);
    });

    it('replaces the previous picture and deletes its file', async () => {
      const user = await createUser(app, 'pic_changer');
      const first = await user.agent.post('/api/users/me/picture', form(await png(300, 300)));
      const second = await user.agent.post('/api/users/me/picture', form(await png(100, 900)));
      assert.equal(second.status, 200);
      assert.notEqual(second.body.profile_picture, first.body.profile_picture);
      assert.equal((await app.agent().get(first.body.profile_picture)).status, 404);
      assert.equal((await app.agent().get(second.body.profile_picture)).status, 200);
      assert.ok(!storedFiles().includes(path.basename(first.body.profile_picture)));
    });

    it('keeps exactly one file when several uploads of one user arrive at once', async () => {
      const user = await createUser(app, 'pic_racer');
      const before = storedFiles();
      const pictures = await Promise.all([100, 200, 300, 400, 500, 600].map((width) => png(width, 300)));
      const replies = await Promise.all(pictures.map((picture) => user.agent.post('/api/users/me/picture', form(picture))));
      assert.ok(replies.every((reply) => reply.status === 200));
      const shown = (await user.agent.get('/api/user')).body.user.profile_picture as string;
      assert.ok(replies.some((reply) => reply.body.profile_picture === shown));
      const added = storedFiles().filter((file) => !before.includes(file));
      assert.deepEqual(added, [path.basename(shown)]);
    });

    it('judges by content: a JPEG named and typed as PNG is accepted, metadata stripped', async () => {
      const user = await createUser(app, 'jpeg_sender');
      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3060c0' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret camera owner', Artist: 'someone' } })
        .toBuffer();
      assert.ok((await sharp(jpeg).metadata()).exif, 'the upload carries EXIF');
      const reply = await user.agent.post('/api/users/me/picture', form(jpeg, 'holiday.png', 'image/png'));
      assert.equal(reply.status, 200);
      const stored = fs.readFileSync(path.join(avatarsDir, path.basename(reply.body.profile_picture)));
      const metadata = await sharp(stored).metadata();
      assert.equal(metadata.format, 'webp');
      assert.equal(metadata.exif, undefined, 'EXIF removed');
      assert.ok(!stored.includes('secret camera owner'));
    });

    const refusals: Array<[string, () => Promise<Uint8Array | string>, string, string, number, string]> = [
      ['a text file renamed to .png', async () => 'just some words, not pixels', 'notes.png', 'image/png', 400, 'The picture must be a PNG, JPEG or WebP image.'],
      ['a GIF claiming to be a PNG', () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).gif().toBuffer(), 'x.png', 'image/png', 400, 'The picture must be a PNG, JPEG or WebP image.'],
      ['an SVG', async () => '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml', 400, 'The picture must be a PNG, JPEG or WebP image.'],
      ['a truncated PNG', async () => (await png()).subarray(0, 200), 'cut.png', 'image/png', 400, 'The picture could not be read; the file may be damaged.'],
      ['an empty file', async () => '', 'empty.png', 'image/png', 400, 'The picture file is empty.'],
      ['a file just over 5 MB', async () => new Uint8Array(5 * 1024 * 1024 + 10), 'big.png', 'image/png', 413, 'The picture must be at most 5 MB.'],
      ['a file of 9 MB', async () => new Uint8Array(9 * 1024 * 1024), 'huge.png', 'image/png', 413, 'The picture must be at most 5 MB.'],
    ];
    for (const [what, bytes, filename, type, status, error] of refusals) {
      it(`refuses ${what} and stores nothing`, async () => {
        const user = await createUser(app);
        const kept = await user.agent.post('/api/users/me/picture', form(await png(50, 50)));
        const before = storedFiles();
        const reply = await user.agent.post('/api/users/me/picture', form(await bytes(), filename, type));
        assert.equal(reply.status, status);
        assert.deepEqual(reply.body, { success: false, error, code: defaultErrorCode(status) });
        assert.deepEqual(storedFiles(), before, 'no file written or removed');
        assert.equal((await user.agent.get('/api/user')).body.user.profile_picture, kept.body.profile_picture);
      });
    }

    it('refuses uploads from visitors and bodies without a file', async () => {
      const anonymous = await app.agent().post('/api/users/me/picture', form(await png()));
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.body.success, false);
      const user = await createUser(app);
      const json = await user.agent.post('/api/users/me/picture', { picture: 'data:image/png;base64,AAAA' });
      assert.equal(json.status, 400);
      assert.equal(json.body.error, 'Send the picture as a multipart/form-data file upload.');
      const noFile = new FormData();
      noFile.append('note', 'hello');
      const empty = await user.agent.post('/api/users/me/picture', noFile);
      assert.equal(empty.status, 400);
      assert.equal(empty.body.error, 'Choose a picture to upload.');
    });

    it('limits uploads per account with a sentence, leaving other accounts free', async () => {
      const user = await createUser(app);
      const picture = await png(40, 40);
      for (let upload = 1; upload <= DEFAULT_RATE_LIMITS.pictureUpload; upload++) {
        assert.equal((await user.agent.post('/api/users/me/picture', form(picture))).status, 200, `upload ${upload}`);
      }
      const kept = (await user.agent.get('/api/user')).body.user.profile_picture;
      const before = storedFiles();
      const refused = await user.agent.post('/api/users/me/picture', form(picture));
      assert.equal(refused.status, 429);
      assert.equal(refused.body.success, false);
      assert.match(refused.body.error, /^Too many attempts\. Try again in \d+ seconds\.$/);
      assert.deepEqual(storedFiles(), before, 'nothing written');
      assert.equal((await user.agent.get('/api/user')).body.user.profile_picture, kept);

      const other = await createUser(app);
      assert.equal((await other.agent.post('/api/users/me/picture', form(picture))).status, 200);
    });

    it('refuses a picture of too many pixels without decoding it', async () => {
      const user = await createUser(app);
      const reply = await user.agent.post('/api/users/me/picture', form(await pngClaiming(9000, 9000)));
      assert.equal(reply.status, 400);
      assert.deepEqual(reply.body, { success: false, error: 'The picture has too many pixels; use one under 50 megapixels.', code: 'invalid_input' });
      assert.equal((await user.agent.get('/api/user')).body.user.profile_picture, null);
    });

    it('removes a picture and its file', async () => {
      const user = await createUser(app);
      const uploaded = await user.agent.post('/api/users/me/picture', form(await png()));
      const removed = await user.agent.delete('/api/users/me/picture');
      assert.deepEqual(removed.body, { success: true, profile_picture: null });
      assert.equal((await user.agent.get('/api/user')).body.user.profile_picture, null);
      assert.equal((await app.agent().get(uploaded.body.profile_picture)).status, 404);
    });

    it('serves only its own file names', async () => {
      fs.mkdirSync(avatarsDir, { recursive: true });
      for (const name of ['..%2F..%2Fapp.db', '..%2Fsecret.webp', 'not-ours.webp', 'ABCDEF0123456789ABCDEF0123456789.webp']) {
        const reply = await app.agent().get(`/uploads/avatars/${name}`);
        assert.equal(reply.status, 404, name);
        assert.deepEqual(reply.body, { success: false, error: 'Picture not found.', code: 'not_found' });
      }
    });
  });
}
