import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

/** Whether a file starts with the gzip magic bytes (1f 8b), whatever its name. */
export async function isGzip(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

export interface LineSource {
  /** Lines without their end-of-line characters, in order; line 1 is the header. */
  lines: AsyncGenerator<string>;
  /** Bytes of the file read so far (compressed bytes for gzip), for progress. */
  bytesRead(): number;
  size: number;
}

/**
 * Streams a plain or gzip TSV file line by line in bounded memory: chunks are
 * pulled only as fast as the consumer takes lines, so backpressure reaches the disk.
 */
export async function openLines(file: string): Promise<LineSource> {
  const size = (await fs.promises.stat(file)).size;
  const gzip = await isGzip(file);
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const decoded = gzip ? raw.pipe(zlib.createGunzip()) : raw;
  // pipe() does not forward read errors; surface them through the stream we iterate.
  if (gzip) raw.on('error', (error) => decoded.destroy(error));

  async function* lines(): AsyncGenerator<string> {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    try {
      for await (const chunk of decoded) {
        const text = rest + decoder.write(chunk as Buffer);
        let start = 0;
        for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
          yield text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
          start = end + 1;
        }
        rest = text.slice(start);
      }
      rest += decoder.end();
      if (rest) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
    } finally {
      raw.destroy();
      if (decoded !== raw) decoded.destroy();
    }
  }
  return { lines: lines(), bytesRead: () => raw.bytesRead, size };
}
