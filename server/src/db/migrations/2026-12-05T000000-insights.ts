import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/** The `app_meta` key the triggers below replace on every change the club statistics read. */
const VERSION_KEY = 'insights_version';

type Event = 'insert' | 'update' | 'delete';

/**
 * The changes that alter a statistic: any row of the diary and the reviews; of movies and
 * members only what the statistics show (a new movie or member changes none until reviewed
 * or viewed, which are changes of their own).
 */
const WATCHED: Array<{ table: string; events: Event[]; columns?: string[] }> = [
  { table: 'reviews', events: ['insert', 'update', 'delete'] },
  { table: 'viewings', events: ['insert', 'update', 'delete'] },
  { table: 'viewing_companions', events: ['insert', 'update', 'delete'] },
  { table: 'movies', events: ['update', 'delete'], columns: ['title', 'poster', 'year', 'length', 'genres'] },
  { table: 'users', events: ['update', 'delete'], columns: ['username', 'profile_picture'] },
];

const eventClause = (event: Event, columns?: string[]) => (event === 'update' && columns ? `update of ${columns.join(', ')}` : event);

/**
 * Indexes for the club and member statistics, and a version token that the database
 * itself replaces whenever a review, viewing, companion tag, or a movie's or member's
 * shown details change. Every writer (the app's calls, imports, movie nights, a copy
 * between databases, a hand-written fix) changes it, so a process may keep statistics
 * computed for one version and know from the shared database when they are stale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // A member's reviews by time (a year's statistics, whether they were active lately), and everyone's.
  await db.schema.createIndex('reviews_user_created').on('reviews').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('reviews_created_movie').on('reviews').columns(['created_at', 'movie_id', 'stars']).execute();
  // Every movie's stars read from the index alone (most loved, most divisive, disagreements).
  await db.schema.createIndex('reviews_movie_stars').on('reviews').columns(['movie_id', 'stars']).execute();
  // The club's viewings by day (a year's activity, which years have any).
  await db.schema.createIndex('viewings_day_movie').on('viewings').columns(['watched_on', 'movie_id']).execute();

  await db.insertInto('app_meta').values({ key: VERSION_KEY, value: 'initial' }).onConflict((c) => c.column('key').doNothing()).execute();
  if (isPostgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/**
 * PostgreSQL: a deferred trigger replaces the token once per transaction, at commit. Taking
 * the token's row lock only then means writers hold it for an instant and never while they
 * wait for another row, so it cannot deadlock with anything they do before.
 */
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create function insights_changed() returns trigger language plpgsql as $$
    begin
      if current_setting('movieclub.insights_changed', true) is distinct from 'yes' then
        perform set_config('movieclub.insights_changed', 'yes', true);
        insert into app_meta (key, value) values (${sql.lit(VERSION_KEY)}, md5(random()::text || clock_timestamp()::text))
          on conflict (key) do update set value = excluded.value;
      end if;
      return null;
    end $$`.execute(db);
  for (const { table, events, columns } of WATCHED) {
    const on = events.map((event) => eventClause(event, columns)).join(' or ');
    await sql
      .raw(
        `create constraint trigger ${table}_insights_changed after ${on} on ${table} ` +
          'deferrable initially deferred for each row execute function insights_changed()',
      )
      .execute(db);
  }
}

/** SQLite: one trigger per event (it allows no more); its single writer makes the token row uncontended. */
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const bump =
    `insert into app_meta (key, value) values ('${VERSION_KEY}', lower(hex(randomblob(16)))) ` +
    'on conflict (key) do update set value = excluded.value;';
  for (const { table, events, columns } of WATCHED) {
    for (const event of events) {
      await sql.raw(`create trigger ${table}_insights_changed_${event} after ${eventClause(event, columns)} on ${table} begin ${bump} end`).execute(db);
    }
  }
}
