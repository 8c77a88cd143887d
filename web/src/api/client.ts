import type { ErrorCode } from '@movieclub/contract';
import { pwaStatus } from '../pwa/status';
import { basePath } from '../lib/basePath';
import { currentLanguage, t, tServer } from '../i18n';

/** Thrown when a call fails; `message` is the server's sentence when it sent one (in the reader's language when known), `code` its code. */
export class ApiError extends Error {
  /**
   * The server's machine-readable code (contract/src/errorCodes.ts); null for a network failure or an odd
   * reply. Read as any text, not checked against the list: the list would weigh on every first visit,
   * and `failedWith` compares with a known code anyway.
   */
  readonly code: string | null;
  constructor(
    message: string,
    readonly status: number,
    /** The reply body, when the server answered at all. */
    readonly body: unknown = null,
    /** How long the server asked to be left before the next try (its Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    const code = body !== null && typeof body === 'object' && 'code' in body ? body.code : null;
    this.code = typeof code === 'string' ? code : null;
  }

  /** True when the server answered (an unsuccessful reply), false for a network failure. */
  get answered(): boolean {
    return this.status > 0;
  }
}

/**
 * A file the server writes for a member to keep (a year's card, a calendar, an import's report),
 * asked for in the reader's language (`?lang=`): English too, since a file asked for without a
 * language is written in the club's.
 */
export function inReadersLanguage(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${currentLanguage()}`;
}

/** The configured API base: VITE_API_BASE at build time, else the page's own origin and the site's sub-path. */
export function apiBase(): string {
  const configured = import.meta.env?.VITE_API_BASE as string | undefined;
  return (configured || window.location.origin + basePath()).replace(/\/$/, '');
}

/**
 * Resolves a call's address. Relative paths go to the API base; absolute
 * addresses aimed at the old development server (port 5000) or at localhost are
 * rewritten to the API base, keeping their path and query.
 */
export function resolveApiUrl(input: string, base: string = apiBase()): string {
  if (input.startsWith('/')) return base + input;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input;
  }
  const local = url.port === '5000' || url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return local ? base + url.pathname + url.search + url.hash : input;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' && name in body ? (body as Record<string, unknown>)[name] : undefined;

/**
 * Sends a request with credentials and resolves with the parsed reply, or throws
 * ApiError: for a network failure (status 0), or for a reply that is not OK or
 * says `success: false` (with the server's sentence and code).
 */
export async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(resolveApiUrl(path), { ...init, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all: the offline notice shows once a check of the server fails too.
    pwaStatus.noteNetworkFailure(resolveApiUrl('/api/health'));
    throw new ApiError(t('Network request failed.'), 0);
  }
  pwaStatus.noteAnswer();
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || field(body, 'success') === false) {
    const message = field(body, 'error');
    throw new ApiError(typeof message === 'string' ? tServer(message) : '', response.status || 500, body, retryAfterMs(response.headers.get('retry-after')));
  }
  return body as T;
}

/** A Retry-After in seconds as milliseconds; null when absent or a date (the server sends seconds). */
function retryAfterMs(header: string | null): number | null {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : null;
}

/** Calls the API with JSON; resolves with the parsed reply or throws ApiError. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', signal: options.signal };
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  return send<T>(path, init);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** The server's sentence when it answered with one, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The server answered, and said no (`success: false`), as opposed to a request that got no answer. */
export const answeredUnsuccessfully = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.answered && field(error.body, 'success') === false;

/** Whether the call failed with this code. */
export const failedWith = (error: unknown, code: ErrorCode) => error instanceof ApiError && error.code === code;
