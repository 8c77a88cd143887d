import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { gzipWithPrefix, PartwiseDeflater } from './gzipWithPrefix';

const deflatePrefix = (prefix: Buffer) => new PartwiseDeflater().deflate([{ key: 'all', bytes: prefix }]);

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

  it('unpacks to the parts in order as parts change, come and go, and stay', async () => {
    const deflater = new PartwiseDeflater();
    const movie = (id: number, stars: number) => `{"id":${id},"title":"Fïlm ${id % 13}","avg":${stars}}`;
    const partsOf = (count: number, stars: (id: number) => number) => {
      const movies = Array.from({ length: count }, (_, id) => movie(id, stars(id)));
      return [
        { key: 'head', bytes: Buffer.from('{"movies":[') },
        ...Array.from({ length: Math.ceil(count / 40) }, (_, part) => ({
          key: String(part),
          bytes: Buffer.from(movies.slice(part * 40, (part + 1) * 40).join(',') + (part < Math.ceil(count / 40) - 1 ? ',' : '')),
        })),
        { key: 'end', bytes: Buffer.from('],"user_reviews":') },
      ];
    };
    for (const parts of [
      partsOf(200, () => 5),
      partsOf(200, (id) => (id === 77 ? 9 : 5)), // one part changed
      partsOf(200, (id) => (id === 77 ? 9 : 5)), // none changed
      partsOf(230, (id) => (id === 77 ? 9 : 5)), // a part grew, one came
      partsOf(30, () => 1), // parts went
      partsOf(0, () => 1),
    ]) {
      const gzipped = gzipWithPrefix(await deflater.deflate(parts), Buffer.from('{}}'));
      assert.deepEqual(zlib.gunzipSync(gzipped).toString(), Buffer.concat([...parts.map((part) => part.bytes), Buffer.from('{}}')]).toString());
    }
  });
});
