import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * A version per movie, counted up by the database itself at every change to one of the movie's
 * reviews (saved, edited, deleted, by a member's removal, an import, a copy between databases or a
 * hand-made fix), so what is read from one movie's reviews (its average, recent reviewers, review
 * list) may be kept until that movie's reviews change rather than anyone's. A movie never reviewed
 * has no row (version 0). No foreign key: a movie deleted with its reviews must not stop the count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('movie_review_versions')
    .addColumn('movie_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const countUp = (movie: string) =>
  `insert into movie_review_versions (movie_id, version) values (${movie}, 1) ` +
  'on conflict (movie_id) do update set version = movie_review_versions.version + 1;';

/**
 * PostgreSQL: counted at commit (a deferred trigger), so a long import holds no movie's row lock
 * while it runs, and the new count becomes visible with the reviews it counts.
 */
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create function movie_reviews_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${countUp('old.movie_id')} end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.movie_id <> old.movie_id) then ${countUp('new.movie_id')} end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create constraint trigger reviews_movie_version after insert or update or delete on reviews ' +
        'deferrable initially deferred for each row execute function movie_reviews_changed()',
    )
    .execute(db);
}

/** SQLite: one trigger per event. */
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql.raw(`create trigger reviews_movie_version_insert after insert on reviews begin ${countUp('new.movie_id')} end`).execute(db);
  await sql
    .raw(`create trigger reviews_movie_version_update after update on reviews begin ${countUp('old.movie_id')} ${countUp('new.movie_id')} end`)
    .execute(db);
  await sql.raw(`create trigger reviews_movie_version_delete after delete on reviews begin ${countUp('old.movie_id')} end`).execute(db);
}
