import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
