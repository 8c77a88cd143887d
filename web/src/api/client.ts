/** Thrown when a call fails; `message` is the server's sentence when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The reply body, when the server answered at all. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the server answered (an unsuccessful reply), false for a network failure. */
  get answered(): boolean {
    return this.status > 0;
  }
}

/** The configured API base: VITE_API_BASE at build time, else the page's own origin. */
export function apiBase(): string {
  const configured = import.meta.env?.VITE_API_BASE as string | undefined;
  return (configured || window.location.origin).replace(/\/$/, '');
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

/** Calls the API with credentials and JSON; resolves with the parsed reply or throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include', signal: options.signal };
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(resolveApiUrl(path), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Network request failed.', 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const failed = !response.ok || (body !== null && typeof body === 'object' && (body as { success?: unknown }).success === false);
  if (failed) {
    const message = typeof (body as { error?: unknown } | null)?.error === 'string' ? (body as { error: string }).error : '';
    throw new ApiError(message, response.status || 500, body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** The server's sentence when it answered with one, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
