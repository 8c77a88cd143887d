import type { Movie } from '@movieclub/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, NewMovie } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { bumpCatalogueVersion, CatalogueCache, catalogueVersion } from './catalogueCache';
import { chooseProvider, fetchMetadata } from './metadata';
import { posterPath, posterSvg } from './poster';
import { everyAverageByMovie } from '../reviews/service';
import { COMPRESSION_THRESHOLD_BYTES } from '../http/compression';
import { type DeflatedPrefix, deflatePrefix, gzipWithPrefix } from '../http/gzipWithPrefix';
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
    await bumpCatalogueVersion(db);
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

async function catalogueText(db: Kysely<Database>, version: string): Promise<string> {
  const [fragments, averages] = await Promise.all([fragmentsOf(db), everyAverageByMovie(db, version)]);
  const parts = fragments.map(({ id, json }) => {
    const average = averages.get(id);
    return `${json},"avg_user_rating":${average ? average.avg : null},"user_rating_count":${average ? average.count : 0}}`;
  });
  return `[${parts.join(',')}]`;
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
      const deflated = deflatePrefix(bytes.prefix);
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
  const prefix = Buffer.from(`{"success":true,"movies":${await catalogueText(db, version)},"user_reviews":`);
  return { prefix, visitor: Buffer.concat([prefix, VISITOR_TAIL]) };
}

export async function getMovie(db: Kysely<Database>, id: number): Promise<Movie> {
  const movie = await findMovie(db, id);
  if (!movie) throw notFound('Movie not found.');
  return movie;
}

/** The SVG poster drawn for `tt….svg` of a title the catalogue or index knows; 404 otherwise. */
export async function drawnPoster(db: Kysely<Database>, file: string): Promise<string> {
  const match = /^(tt\d{7,12})\.svg$/.exec(file);
  const facts = match ? await posterFacts(db, match[1]) : null;
  if (!match || !facts) throw notFound('Poster not found.');
  return posterSvg(match[1], facts.title, facts.year);
}
