import type { Kysely } from 'kysely';
import { gatheredPerDatabase, oneOfIntegers } from '../db/gatheredReads';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

async function readVersions(db: Db, movieIds: number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom('movie_review_versions').select(['movie_id', 'version']).where(oneOfIntegers(db, 'movie_id', movieIds)).execute();
  return new Map(rows.map((row) => [row.movie_id, Number(row.version)]));
}

const gatheredVersions = gatheredPerDatabase(readVersions, undefined, { keptUntilChanged: true });

/**
 * The review versions of these movies as one token: it changes when any of their reviews does,
 * whoever wrote (the database counts them, see the migration `movie-review-versions`). Calls
 * asking at once share one read.
 */
export async function reviewVersionsOf(db: Db, movieIds: number[]): Promise<string> {
  const reads = gatheredVersions(db);
  const versions = await Promise.all(movieIds.map((id) => reads.get(id)));
  return versions.map((version) => version ?? 0).join('.');
}

/** Every reviewed movie's review version (a movie never reviewed has none), read whole. */
export async function allReviewVersions(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('movie_review_versions').select(['movie_id', 'version']).execute();
  return new Map(rows.map((row) => [row.movie_id, Number(row.version)]));
}
