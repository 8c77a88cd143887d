import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Finer version tokens for the club statistics, beside the one the insights migration keeps:
 * `insights_month:<YYYY-MM>` changes with the reviews written and the viewings dated in that
 * month (and the companion tags of those viewings), `insights_undated` with undated viewings,
 * `insights_display` with the shown details of movies. A process keeps each month's share of
 * the statistics until that month's token changes, so a write recomputes one month, not all.
 */
const MONTH = (column: string) => `'insights_month:' || substr(${column}, 1, 7)`;
const VIEWING_PART = (row: string) => `coalesce(${MONTH(`${row}.watched_on`)}, 'insights_undated')`;
const MOVIE_COLUMNS = 'title, poster, year, length, genres';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/**
 * PostgreSQL: deferred like the insights trigger, and named after it so it fires after it at
 * commit: every transaction takes the shared token's row lock first, so two writers never
 * wait for each other's year rows in opposite orders.
 */
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create function insights_parts_changed() returns trigger language plpgsql as $$
    declare
      parts text[] := array[]::text[];
      part text;
      done text := coalesce(current_setting('movieclub.insights_parts', true), '');
    begin
      if TG_TABLE_NAME = 'movies' then
        parts := array['insights_display'];
      elsif TG_TABLE_NAME = 'reviews' then
        if TG_OP <> 'DELETE' then parts := parts || (${MONTH('NEW.created_at')}); end if;
        if TG_OP <> 'INSERT' then parts := parts || (${MONTH('OLD.created_at')}); end if;
      elsif TG_TABLE_NAME = 'viewings' then
        if TG_OP <> 'DELETE' then parts := parts || (${VIEWING_PART('NEW')}); end if;
        if TG_OP <> 'INSERT' then parts := parts || (${VIEWING_PART('OLD')}); end if;
      else
        if TG_OP <> 'DELETE' then parts := parts || (select ${VIEWING_PART('v')} from viewings v where v.id = NEW.viewing_id); end if;
        if TG_OP <> 'INSERT' then parts := parts || (select ${VIEWING_PART('v')} from viewings v where v.id = OLD.viewing_id); end if;
      end if;
      foreach part in array parts loop
        if part is not null and position('|' || part || '|' in done) = 0 then
          done := done || '|' || part || '|';
          perform set_config('movieclub.insights_parts', done, true);
          insert into app_meta (key, value) values (part, md5(random()::text || clock_timestamp()::text))
            on conflict (key) do update set value = excluded.value;
        end if;
      end loop;
      return null;
    end $$`,
    )
    .execute(db);
  const watched: Array<[string, string]> = [
    ['reviews', 'insert or update or delete'],
    ['viewings', 'insert or update or delete'],
    ['viewing_companions', 'insert or update or delete'],
    ['movies', `update of ${MOVIE_COLUMNS} or delete`],
  ];
  for (const [table, events] of watched) {
    await sql
      .raw(
        `create constraint trigger ${table}_insights_parts after ${events} on ${table} ` +
          'deferrable initially deferred for each row execute function insights_parts_changed()',
      )
      .execute(db);
  }
}

/** SQLite: one trigger per event; each replaces the tokens of the rows it saw, old and new. */
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const bump = (part: string) =>
    `insert into app_meta (key, value) values (${part}, lower(hex(randomblob(16)))) on conflict (key) do update set value = excluded.value;`;
  const bumpFromViewing = (row: string) =>
    `insert into app_meta (key, value) select ${VIEWING_PART('v')}, lower(hex(randomblob(16))) from viewings v where v.id = ${row}.viewing_id ` +
    'on conflict (key) do update set value = excluded.value;';
  const triggers: Array<[string, string, string]> = [
    ['reviews', 'insert', bump(MONTH('new.created_at'))],
    ['reviews', 'update', bump(MONTH('new.created_at')) + bump(MONTH('old.created_at'))],
    ['reviews', 'delete', bump(MONTH('old.created_at'))],
    ['viewings', 'insert', bump(VIEWING_PART('new'))],
    ['viewings', 'update', bump(VIEWING_PART('new')) + bump(VIEWING_PART('old'))],
    ['viewings', 'delete', bump(VIEWING_PART('old'))],
    ['viewing_companions', 'insert', bumpFromViewing('new')],
    ['viewing_companions', 'update', bumpFromViewing('new') + bumpFromViewing('old')],
    ['viewing_companions', 'delete', bumpFromViewing('old')],
    ['movies', `update of ${MOVIE_COLUMNS}`, bump("'insights_display'")],
    ['movies', 'delete', bump("'insights_display'")],
  ];
  for (const [table, event, body] of triggers) {
    const name = `${table}_insights_parts_${event.split(' ')[0]}`;
    await sql.raw(`create trigger ${name} after ${event} on ${table} begin ${body} end`).execute(db);
  }
}
