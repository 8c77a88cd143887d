import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.
// PostgreSQL's title search reads the titles matching a word through a bitmap of an index,
// which visits the table in its order, and stops after the first ones: with the table in
// popularity order those are the most popular. A big import sorts the table again
// (imdb/searchIndex.ts); this sorts one loaded before. An interrupted big load leaves the
// popularity index missing, and the next import sorts the table.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const index = await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = 'imdb_titles_popularity'`.execute(db);
  if (index.rows.length === 0) return;
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  await sql`cluster imdb_titles using imdb_titles_popularity`.execute(db);
}
