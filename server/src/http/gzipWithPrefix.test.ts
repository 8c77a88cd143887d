import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { deflatePrefix, gzipWithPrefix } from './gzipWithPrefix';

describe('gzip of a kept prefix and a fresh tail', () => {
  it('unpacks, with gunzip, to the prefix followed by the tail', async () => {
    // Repetitive text (long back-references), random bytes (stored blocks) and text past 64 KiB windows.
    const text = Buffer.from('{"movies":[' + Array.from({ length: 5000 }, (_, i) => `{"id":${i},"title":"Fïlm ${i % 97}"}`).join(',') + '],"user_reviews":');
    for (const prefix of [text, randomBytes(200_000), Buffer.alloc(0)]) {
      const deflated = await deflatePrefix(prefix);
      for (const tail of [Buffer.from('{"12":8,"40":3}}'), Buffer.alloc(0), randomBytes(70_000), text]) {
        const gzipped = gzipWithPrefix(deflated, tail);
        assert.deepEqual(zlib.gunzipSync(gzipped), Buffer.concat([prefix, tail]));
      }
    }
  });

  it('shares the prefix: the tail is compressed on its own', async () => {
    const prefix = Buffer.from('x'.repeat(100_000) + 'an ending that is not repeated ' + randomBytes(30_000).toString('hex'));
    const deflated = await deflatePrefix(prefix);
    const small = gzipWithPrefix(deflated, Buffer.from('}'));
    assert.ok(small.length < deflated.blocks.length + 40, `${small.length} bytes for ${deflated.blocks.length} of prefix`);
  });
});
