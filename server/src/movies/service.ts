import type { Movie } from '@movieclub/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, NewMovie } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { bumpMoviesVersion, CatalogueCache, catalogueVersion } from './catalogueCache';
import { chooseProvider, fetchMetadata } from './metadata';
import { posterPath, posterPng, posterSvg } from './poster';
import { everyAverageByMovie } from '../reviews/service';
import { COMPRESSION_THRESHOLD_BYTES } from '../http/compression';
import { type DeflatedPrefix, gzipWithPrefix, PartwiseDeflater, type PrefixPart } from '../http/gzipWithPrefix';
import { findImdbTitle, findMovie, insertMovieOnce, listMoviesWithoutAverages, movieIdByTconst, moviesFingerprint, posterFacts, starsByUser } from './queries';

export const imdbLink = (tconst: string) => `https://www.imdb.com/title/${tconst}/`;

export interface MaterialiseContext {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Brings an IMDb title into the catalogue: facts from the index, poster and
 * plot from the metadata service when one is configured and answers in time,
 * else a server-drawn poster. Answers the movie's id and whether this call created it.
 */
export async function materialiseMovie(
  context: MaterialiseContext,
  tconst: string,
  addedBy: number | null,
): Promise<{ id: number; created: boolean }> {
  const { db, config, log } = context;
  const existing = await movieIdByTconst(db, tconst);
  if (existing !== null) return { id: existing, created: false };
  const title = await findImdbTitle(db, tconst);
  if (!title) throw notFound(`No IMDb title ${tconst} found.`, 'imdb_title_not_found');

  const meta = await fetchMetadata(chooseProvider(config), tconst, config.metadataTimeoutMs, log);
  const movie: NewMovie = {
    tconst,
    title: title.primary_title,
    poster: meta?.poster ?? posterPath(tconst),
    release_date: meta?.release_date ?? (title.start_year ? String(title.start_year) : null),
    year: title.start_year,
    imdb_rating: title.average_rating ?? meta?.imdb_rating ?? null,
    imdb_link: imdbLink(tconst),
    length: title.runtime_minutes ?? meta?.length ?? null,
    plot: meta?.plot ?? null,
    genres: title.genres ?? meta?.genres ?? null,
    date_added: new Date().toISOString(),
    added_by: addedBy,
  };
  const id = await insertMovieOnce(db, movie);
  if (id !== null) {
    await bumpMoviesVersion(db);
    return { id, created: true };
  }
  // Another request added it between our check and our insert.
  const raced = await movieIdByTconst(db, tconst);
  if (raced === null) throw new Error(`movie ${tconst} neither inserted nor found`);
  return { id: raced, created: false };
}

/** `POST /api/movies`: like materialise, but a title already in the catalogue is a conflict. */
export async function addMovie(context: MaterialiseContext, tconst: string, userId: number): Promise<number> {
  if ((await movieIdByTconst(context.db, tconst)) !== null) throw conflict('Movie already in catalogue.', 'movie_exists');
  const { id, created } = await materialiseMovie(context, tconst, userId);
  if (!created) throw conflict('Movie already in catalogue.', 'movie_exists');
  return id;
}

/**
 * The catalogue reply's bytes, once per catalogue version: up to the viewer's own stars
 * (`prefix`), and whole for a visitor, who has none. Sending bytes kept ready spares each
 * call encoding half a megabyte of text twice (for its length, then for the socket).
 */
interface CatalogueBytes {
  prefix: Buffer;
  /** The prefix in parts, for compressing only the parts a write changed. */
  parts: PrefixPart[];
  visitor: Buffer;
  /** The prefix gzipped, made at the first compressed reply of this version. */
  deflated?: Promise<DeflatedPrefix>;
}
const catalogueBytes = new CatalogueCache<CatalogueBytes>(1);
/** The end of a visitor's reply: a visitor has no stars of their own. */
const VISITOR_TAIL = Buffer.from('{}}');

/**
 * Each movie's JSON up to its averages, in catalogue order. Catalogue rows are only ever
 * inserted (or all removed), so these stay right while the count and highest id do: a saved
 * review, the commonest write, then costs one averages query and a join of strings.
 */
let movieFragments: { db: Kysely<Database>; fingerprint: string; fragments: Promise<{ id: number; json: string }[]> } | null = null;

async function fragmentsOf(db: Kysely<Database>): Promise<{ id: number; json: string }[]> {
  const fingerprint = await moviesFingerprint(db);
  if (movieFragments?.db !== db || movieFragments.fingerprint !== fingerprint) {
    const fragments = listMoviesWithoutAverages(db).then((movies) => movies.map((movie) => ({ id: movie.id, json: JSON.stringify(movie).slice(0, -1) })));
    movieFragments = { db, fingerprint, fragments };
    fragments.catch(() => {
      if (movieFragments?.fragments === fragments) movieFragments = null;
    });
  }
  return movieFragments.fragments;
}

/** Movies per part of the catalogue compressed on its own: a saved review compresses its part again, not the catalogue. */
const MOVIES_PER_PART = 32;
const CATALOGUE_HEAD = Buffer.from('{"success":true,"movies":[');
const CATALOGUE_END = Buffer.from('],"user_reviews":');

/**
 * The reply up to the viewer's stars, in parts of MOVIES_PER_PART movies counted from the oldest
 * (the catalogue lists the newest first), so that a movie added changes only the newest part's
 * text; the part after it is compressed again too, as its dictionary is that part's end.
 */
async function catalogueParts(db: Kysely<Database>, version: string): Promise<PrefixPart[]> {
  const [fragments, averages] = await Promise.all([fragmentsOf(db), everyAverageByMovie(db, version)]);
  const movies = fragments.map(({ id, json }) => {
    const average = averages.get(id);
    return `${json},"avg_user_rating":${average ? average.avg : null},"user_rating_count":${average ? average.count : 0}}`;
  });
  const parts: PrefixPart[] = [{ key: 'head', bytes: CATALOGUE_HEAD }];
  for (let part = Math.ceil(movies.length / MOVIES_PER_PART) - 1; part >= 0; part--) {
    const newest = Math.max(0, movies.length - (part + 1) * MOVIES_PER_PART);
    const text = movies.slice(newest, movies.length - part * MOVIES_PER_PART).join(',');
    // Every part but the oldest is followed by another, so the comma between them is its own.
    parts.push({ key: String(part), bytes: Buffer.from(part > 0 ? `${text},` : text) });
  }
  parts.push({ key: 'end', bytes: CATALOGUE_END });
  return parts;
}

/** Each database's catalogue parts as last compressed. */
const catalogueDeflaters = new WeakMap<Kysely<Database>, PartwiseDeflater>();

function deflateCatalogue(db: Kysely<Database>, parts: PrefixPart[]): Promise<DeflatedPrefix> {
  let deflater = catalogueDeflaters.get(db);
  if (!deflater) catalogueDeflaters.set(db, (deflater = new PartwiseDeflater()));
  return deflater.deflate(parts);
}

/**
 * `GET /api/movies` as JSON text: the whole catalogue, serialised once per
 * catalogue version and shared by every caller, and the viewer's own stars by
 * movie id (empty for a visitor). `version` names what was sent, for an ETag.
 */
export async function catalogueReply(
  db: Kysely<Database>,
  viewerId: number | null,
  gzip: boolean,
): Promise<{ body: Buffer; gzipped: boolean; version: string }> {
  const version = await catalogueVersion(db);
  const [bytes, userReviews] = await Promise.all([
    catalogueBytes.get(db, 'movies', () => catalogueBytesOf(db, version), version),
    viewerId === null ? null : starsByUser(db, viewerId),
  ]);
  const tail = userReviews === null ? VISITOR_TAIL : Buffer.from(`${JSON.stringify(userReviews)}}`);
  if (gzip && bytes.prefix.length + tail.length >= COMPRESSION_THRESHOLD_BYTES) {
    // Only the viewer's own stars are compressed per call; the catalogue's blocks are shared.
    if (!bytes.deflated) {
      const deflated = deflateCatalogue(db, bytes.parts);
      bytes.deflated = deflated;
      // A failed compression is not kept: the next call tries again.
      deflated.catch(() => {
        if (bytes.deflated === deflated) bytes.deflated = undefined;
      });
    }
    return { body: gzipWithPrefix(await bytes.deflated, tail), gzipped: true, version };
  }
  return { body: userReviews === null ? bytes.visitor : Buffer.concat([bytes.prefix, tail]), gzipped: false, version };
}


async function catalogueBytesOf(db: Kysely<Database>, version: string): Promise<CatalogueBytes> {
  const parts = await catalogueParts(db, version);
  const prefix = Buffer.concat(parts.map((part) => part.bytes));
  return { prefix, parts, visitor: Buffer.concat([prefix, VISITOR_TAIL]) };
}

export async function getMovie(db: Kysely<Database>, id: number): Promise<Movie> {
  const movie = await findMovie(db, id);
  if (!movie) throw notFound('Movie not found.');
  return movie;
}

/** The poster drawn for `tt….svg` (SVG text) or `tt….png` (a 300×450 PNG) of a title the catalogue or index knows; 404 otherwise. */
export async function drawnPoster(db: Kysely<Database>, file: string): Promise<{ type: 'svg'; body: string } | { type: 'png'; body: Buffer }> {
  const match = /^(tt\d{7,12})\.(svg|png)$/.exec(file);
  const facts = match ? await posterFacts(db, match[1]) : null;
  if (!match || !facts) throw notFound('Poster not found.');
  const svg = posterSvg(match[1], facts.title, facts.year);
  return match[2] === 'png' ? { type: 'png', body: await posterPng(svg) } : { type: 'svg', body: svg };
}
