import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/** A gzip member's header: deflate, no file name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A reply's shared beginning, compressed once: its deflate blocks, checksum and length. */
export interface DeflatedPrefix {
  blocks: Buffer;
  crc: number;
  length: number;
}

/**
 * Compresses `prefix` off the event loop, ending on a byte boundary without a last
 * block (a sync flush), so that blocks compressed later can follow it.
 */
export async function deflatePrefix(prefix: Buffer): Promise<DeflatedPrefix> {
  const blocks = await deflateRaw(prefix, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { blocks, crc: zlib.crc32(prefix), length: prefix.length };
}

/**
 * The gzip of prefix + tail, compressing only the tail: deflate blocks never refer
 * back past the start of the stream that made them, so the tail's own blocks may
 * follow the prefix's; the trailer's checksum continues the prefix's.
 */
export function gzipWithPrefix(prefix: DeflatedPrefix, tail: Buffer): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, prefix.crc), 0);
  trailer.writeUInt32LE((prefix.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, prefix.blocks, zlib.deflateRawSync(tail), trailer]);
}
