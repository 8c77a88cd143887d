import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer(?:\s+(.*))?$/i;

/**
 * The API token of an `Authorization: Bearer …` header on an /api/ call, or null when
 * the call carries none (or another scheme). An empty token is '' (refused as invalid).
 */
export function bearerToken(request: FastifyRequest): string | null {
  if (!request.url.startsWith('/api/')) return null;
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}
