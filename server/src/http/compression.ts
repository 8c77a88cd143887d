import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Replies smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses replies (brotli at a fast level, or gzip) for clients that accept it:
 * JSON, the page, SVG posters, the add-on. Built assets are compressed once at build
 * time and served as they are (see serveClient). Compressed request bodies are not
 * accepted: nothing the API takes is large enough to need it, and refusing them keeps
 * decompression bombs out.
 */
export async function installCompression(app: FastifyInstance) {
  // Runs before the plugin's own hook, which leaves a reply that already has an encoding alone.
  app.addHook('onSend', async (request, reply, payload) => compressedJson(request, reply, payload));
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}

/**
 * Whether the client takes a gzip reply, read as the compression plugin reads it
 * (`*` and `x-gzip` count as gzip), for replies a route compresses itself.
 */
export function acceptsGzip(request: FastifyRequest): boolean {
  return acceptedEncoding(request, ['gzip', 'identity']) === 'gzip';
}

/** The first of `supported` the client's Accept-Encoding allows (null if none, or no header). */
function acceptedEncoding<K extends string>(request: FastifyRequest, supported: K[]): K | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), supported) : null;
}

/** What the plugin makes: brotli at a fast level for text. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** JSON replies larger than this are compressed per call as before. */
const LARGEST_KEPT_REPLY = 256 * 1024;

/**
 * Compressed JSON replies by encoding and exact text. Most replies repeat (they are served
 * from answers kept per version), and compressing one costs more than the rest of the call;
 * looking one up costs a hash of its text, once per string: a kept reply's text is the same
 * string every call (`keptReplies` in contractRoute.ts). Keyed by content, a kept copy is
 * right for whoever's reply has that text, so nothing needs forgetting.
 */
const keptCompressed = () =>
  new LRUCache<string, Buffer>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (compressed, text) => compressed.length + text.length,
  });
const compressedReplies = { br: keptCompressed(), gzip: keptCompressed() };

function compressedJson(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length < COMPRESSION_THRESHOLD_BYTES || payload.length > LARGEST_KEPT_REPLY) return payload;
  if (reply.hasHeader('content-encoding') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  const encoding = acceptedEncoding(request, ['br', 'gzip', 'identity']);
  if (encoding !== 'br' && encoding !== 'gzip') return payload;
  const kept = compressedReplies[encoding];
  let compressed = kept.get(payload);
  if (!compressed) {
    compressed = encoding === 'br' ? zlib.brotliCompressSync(payload, BROTLI_OPTIONS) : zlib.gzipSync(payload);
    kept.set(payload, compressed);
  }
  varyOnEncoding(reply);
  reply.header('content-encoding', encoding).header('content-length', compressed.length);
  return compressed;
}

/** Adds accept-encoding to the reply's Vary, keeping what a route put there. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const named = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((name) => name.trim()).filter(Boolean);
  if (!named.some((name) => name.toLowerCase() === 'accept-encoding' || name === '*')) reply.header('vary', [...named, 'accept-encoding'].join(', '));
}
