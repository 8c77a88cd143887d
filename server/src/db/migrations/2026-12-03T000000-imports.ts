import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Imports (an uploaded file, its rows as read and matched, the lists it holds), and viewings
 * without a date: a film marked watched with no diary entry is still a viewing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serialKey = (name: string) => (t: any) =>
    t.addColumn(name, isPostgres ? 'serial' : 'integer', (c: any) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await serialKey('id')(db.schema.createTable('imports'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text')
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('file_name', 'text', (c: any) => c.notNull())
    .addColumn('rows', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('matched', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('ambiguous', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('unmatched', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('progress_done', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer')
    .addColumn('rows_per_second', 'real')
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_user').on('imports').columns(['user_id', 'id']).execute();

  await serialKey('id')(db.schema.createTable('import_rows'))
    .addColumn('import_id', 'integer', (c: any) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('file', 'text', (c: any) => c.notNull())
    .addColumn('line', 'integer', (c: any) => c.notNull())
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('given_tconst', 'text')
    .addColumn('stars', 'integer')
    .addColumn('rated_on', 'text')
    .addColumn('watched_on', 'text')
    .addColumn('rewatch', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('review', 'text')
    .addColumn('list_index', 'integer')
    .addColumn('position', 'integer')
    .addColumn('club', 'text')
    .addColumn('match', 'text', (c: any) => c.notNull())
    .addColumn('tconst', 'text')
    .addColumn('candidates', 'text', (c: any) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('import_rows_import').on('import_rows').columns(['import_id', 'match', 'id']).execute();

  await db.schema
    .createTable('import_lists')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('list_index', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('moderators', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_lists_pk', ['import_id', 'list_index'])
    .execute();

  // Imports match titles by original title too; most titles have none apart from the primary one.
  await sql`create index imdb_titles_original on imdb_titles (lower(original_title)) where original_title <> primary_title`.execute(db);

  if (isPostgres) {
    await sql`alter table viewings alter column watched_on drop not null`.execute(db);
    return;
  }
  // SQLite cannot drop a NOT NULL: rebuild both diary tables (companions too, so dropping
  // the old viewings cascades into nothing), then rename; the foreign key follows the rename.
  await sql`create table viewings_next (
    id integer primary key autoincrement,
    user_id integer not null references users(id) on delete cascade,
    movie_id integer not null references movies(id) on delete cascade,
    watched_on text,
    rewatch integer not null default 0,
    place text,
    note text,
    created_at text not null,
    updated_at text not null)`.execute(db);
  await sql`insert into viewings_next select id, user_id, movie_id, watched_on, rewatch, place, note, created_at, updated_at from viewings`.execute(db);
  await sql`create table viewing_companions_next (
    viewing_id integer not null references viewings_next(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    constraint viewing_companions_pk primary key (viewing_id, user_id))`.execute(db);
  await sql`insert into viewing_companions_next select viewing_id, user_id from viewing_companions`.execute(db);
  await sql`drop table viewing_companions`.execute(db);
  await sql`drop table viewings`.execute(db);
  await sql`alter table viewings_next rename to viewings`.execute(db);
  await sql`alter table viewing_companions_next rename to viewing_companions`.execute(db);
  await sql`create index viewings_user_date on viewings (user_id, watched_on)`.execute(db);
  await sql`create index viewings_movie_date on viewings (movie_id, watched_on)`.execute(db);
  await sql`create index viewing_companions_user on viewing_companions (user_id)`.execute(db);
}
