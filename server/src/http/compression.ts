import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['gzip', 'identity']) === 'gzip';
}
