import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.
// PostgreSQL: a trigram index of the well-known titles alone (1,000 votes or more), so a typo
// looks among them first instead of rechecking every title sharing a few letters with it.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index if not exists imdb_titles_popular_trgm on imdb_titles
    using gin (lower(primary_title) gin_trgm_ops) where num_votes >= 1000`.execute(db);
}
