import { METADATA_LIMITS } from '@movieclub/contract';
import type { Config } from '../config';

/** What a metadata service adds to a title from the IMDb index; every field may be missing. */
export interface Metadata {
  title: string | null;
  poster: string | null;
  /** YYYY-MM-DD */
  release_date: string | null;
  plot: string | null;
  length: number | null;
  imdb_rating: number | null;
  genres: string | null;
}

export interface MetadataProvider {
  name: 'omdb' | 'tmdb';
  /** The title's metadata, null when the service does not know it; throws when the service fails. */
  lookup(tconst: string, signal: AbortSignal): Promise<Metadata | null>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** OMDb's "14 Oct 1994" → "1994-10-14"; anything else → null. */
export function omdbDate(value: string | undefined): string | null {
  const match = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(value ?? '');
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]) + 1;
  if (month === 0) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${match[1].padStart(2, '0')}`;
}

const present = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() && value.trim() !== 'N/A' ? value.trim() : null;
const httpUrl = (value: unknown): string | null => {
  const text = present(value);
  return text && /^https?:\/\//.test(text) ? text : null;
};
const number = (value: string | null): number | null => {
  const parsed = value === null ? NaN : Number.parseFloat(value.replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
};

/** The reply's text, refusing one longer than METADATA_LIMITS.replyBytes (it is not read further). */
async function readLimited(response: Response): Promise<string> {
  const tooLong = () => new Error(`answered more than ${METADATA_LIMITS.replyBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > METADATA_LIMITS.replyBytes) {
    await response.body?.cancel();
    throw tooLong();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    size += chunk.value.byteLength;
    if (size > METADATA_LIMITS.replyBytes) {
      await reader?.cancel();
      throw tooLong();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function getJson(url: string, signal: AbortSignal): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  const text = await readLimited(response);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported below.
  }
  if (!body || typeof body !== 'object') throw new Error(`answered ${response.status} without JSON`);
  return { status: response.status, body: body as Record<string, unknown> };
}

/** OMDb by IMDb id. Its errors come as `Response: "False"` with HTTP 200 or 401, so Response is always checked. */
export function omdbProvider(baseUrl: string, apiKey: string): MetadataProvider {
  return {
    name: 'omdb',
    async lookup(tconst, signal) {
      const url = `${baseUrl}/?i=${encodeURIComponent(tconst)}&plot=short&apikey=${encodeURIComponent(apiKey)}`;
      const { body } = await getJson(url, signal);
      if (body.Response !== 'True') {
        const error = present(body.Error) ?? 'unknown error';
        if (/not found|incorrect imdb id/i.test(error)) return null;
        throw new Error(`OMDb: ${error}`);
      }
      const year = present(body.Year);
      return {
        title: present(body.Title),
        poster: httpUrl(body.Poster),
        release_date: omdbDate(present(body.Released) ?? undefined) ?? (year && /^\d{4}/.test(year) ? year.slice(0, 4) : null),
        plot: present(body.Plot),
        length: number(present(body.Runtime)),
        imdb_rating: number(present(body.imdbRating)),
        genres: present(body.Genre)?.replace(/,\s*/g, ',') ?? null,
      };
    },
  };
}

export const TMDB_IMAGE_BASE = 'https://image.tmdb.org/t/p/w500';

/** TMDB: find by IMDb id, then the movie itself for its runtime. */
export function tmdbProvider(baseUrl: string, apiKey: string): MetadataProvider {
  const failure = (body: Record<string, unknown>, status: number) =>
    new Error(`TMDB: ${present(body.status_message) ?? `answered ${status}`}`);
  return {
    name: 'tmdb',
    async lookup(tconst, signal) {
      const key = encodeURIComponent(apiKey);
      const found = await getJson(`${baseUrl}/3/find/${encodeURIComponent(tconst)}?external_source=imdb_id&api_key=${key}`, signal);
      if (found.status !== 200 || found.body.success === false) throw failure(found.body, found.status);
      const results = Array.isArray(found.body.movie_results) ? (found.body.movie_results as Record<string, unknown>[]) : [];
      const movie = results[0];
      if (!movie) return null;
      let length: number | null = null;
      if (typeof movie.id === 'number') {
        const detail = await getJson(`${baseUrl}/3/movie/${movie.id}?api_key=${key}`, signal);
        if (detail.status === 200 && typeof detail.body.runtime === 'number' && detail.body.runtime > 0) length = detail.body.runtime;
      }
      const posterPath = present(movie.poster_path);
      const released = present(movie.release_date);
      return {
        title: present(movie.title),
        poster: posterPath ? `${TMDB_IMAGE_BASE}${posterPath}` : null,
        release_date: released && /^\d{4}-\d{2}-\d{2}$/.test(released) ? released : null,
        plot: present(movie.overview),
        length,
        imdb_rating: null,
        genres: null,
      };
    },
  };
}

/** Text cut to `max` characters, at a word when one ends near the cut, marked with '…'. */
function cut(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.8 ? head.slice(0, space) : head).trimEnd()}…`;
}

const within = (value: number | null, min: number, max: number): number | null =>
  value !== null && Number.isFinite(value) && value >= min && value <= max ? value : null;

/** Whole genres, each of sane length, while the list fits METADATA_LIMITS.genres. */
function boundedGenres(genres: string | null): string | null {
  let kept = '';
  for (const genre of (genres ?? '').split(',').map((name) => name.trim())) {
    if (!genre || genre.length > METADATA_LIMITS.genre) continue;
    const next = kept ? `${kept},${genre}` : genre;
    if (next.length > METADATA_LIMITS.genres) break;
    kept = next;
  }
  return kept || null;
}

/**
 * What a service said, held to sane sizes before it is stored and served to every
 * visitor: long text is cut, an overlong address or an impossible number is dropped.
 */
export function boundedMetadata(meta: Metadata): Metadata {
  const date = meta.release_date?.match(/^\d{4}(-\d{2}-\d{2})?$/)?.[0] ?? null;
  const length = within(meta.length, 1, METADATA_LIMITS.runtimeMinutes);
  return {
    title: cut(meta.title, METADATA_LIMITS.title),
    poster: meta.poster && meta.poster.length <= METADATA_LIMITS.posterUrl ? meta.poster : null,
    release_date: date,
    plot: cut(meta.plot, METADATA_LIMITS.plot),
    length: length === null ? null : Math.round(length),
    imdb_rating: within(meta.imdb_rating, 0, 10),
    genres: boundedGenres(meta.genres),
  };
}

/** OMDb when its key is set, else TMDB when its key is set, else none (the index alone). */
export function chooseProvider(config: Pick<Config, 'omdbApiKey' | 'tmdbApiKey' | 'omdbBaseUrl' | 'tmdbBaseUrl'>): MetadataProvider | null {
  if (config.omdbApiKey) return omdbProvider(config.omdbBaseUrl, config.omdbApiKey);
  if (config.tmdbApiKey) return tmdbProvider(config.tmdbBaseUrl, config.tmdbApiKey);
  return null;
}

/** Looks a title up within the timeout; any failure is logged and answers null, so adding never waits on it. */
export async function fetchMetadata(
  provider: MetadataProvider | null,
  tconst: string,
  timeoutMs: number,
  log: { warn(obj: object, msg: string): void },
): Promise<Metadata | null> {
  if (!provider) return null;
  try {
    const meta = await provider.lookup(tconst, AbortSignal.timeout(timeoutMs));
    return meta && boundedMetadata(meta);
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error instanceof Error ? error.message : error);
    log.warn({ provider: provider.name, tconst, reason }, 'metadata lookup failed; using the IMDb index alone');
    return null;
  }
}
