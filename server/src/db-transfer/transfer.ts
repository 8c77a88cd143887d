import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { clusterTitlesByPopularity, withSortMemory } from '../imdb/searchIndex';

/** Parents before children, so foreign keys hold while rows arrive. Other shared tables follow. */
const TABLE_ORDER = [
  'users',
  'sessions',
  'api_tokens',
  'oidc_identities',
  'login_failures',
  'imdb_titles',
  'movies',
  'reviews',
  'watchlists',
  'watchlist_items',
  'watchlist_moderators',
  'viewings',
  'viewing_companions',
  'imports',
  'import_rows',
  'import_lists',
  'screenings',
  'screening_rsvps',
  'screening_votes',
  'screening_attendees',
  'comments',
  'reactions',
  'notifications',
  'notification_kinds_off',
  'invites',
  'mutes',
  'media_server_users',
  'media_server_scrobbles',
  'media_server_counts',
  'webhook_outbox',
  'app_meta',
];
/**
 * The club itself: rows here mean the target is in use, and the copy is refused. Every
 * other table (the IMDb index a first start loads, settings, sessions and failed logins
 * of an empty club) is replaced by the source's rows, not merged.
 */
const CLUB_TABLES = new Set(['users', 'movies', 'reviews', 'watchlists', 'watchlist_items', 'watchlist_moderators', 'viewings', 'viewing_companions', 'imports', 'import_rows', 'import_lists', 'screenings', 'screening_rsvps', 'screening_votes', 'screening_attendees', 'comments', 'reactions', 'notifications', 'notification_kinds_off', 'mutes', 'api_tokens', 'oidc_identities', 'invites', 'media_server_users', 'media_server_scrobbles']);
const MAX_PG_PARAMETERS = 60_000;

export interface TableTransfer {
  table: string;
  source: number;
  target: number;
}

export class TransferError extends Error {}

// Tables are copied by name, discovered at run time: no static schema type fits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function sqliteTables(db: AnyDb): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function postgresTables(db: AnyDb): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.rows.map((row) => row.table_name);
}

async function sqliteColumns(db: AnyDb, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function postgresColumns(db: AnyDb, table: string): Promise<Array<{ name: string; serial: boolean }>> {
  const rows = await sql<{ column_name: string; column_default: string | null }>`
    select column_name, column_default from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  return rows.rows.map((row) => ({ name: row.column_name, serial: (row.column_default ?? '').startsWith('nextval(') }));
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Kept by the target's own triggers as the titles arrive (see the migration title-genres). */
// Counted by triggers as the reviews arrive.
const DERIVED_TABLES = new Set(['imdb_title_genres', 'movie_review_versions']);

/** Tables both databases have, in dependency order; migration bookkeeping, search shadows and derived tables stay behind. */
export async function tablesToTransfer(source: AnyDb, target: AnyDb): Promise<string[]> {
  const targetTables = new Set(await postgresTables(target));
  const shared = (await sqliteTables(source)).filter(
    (name) => targetTables.has(name) && !DERIVED_TABLES.has(name) && !name.startsWith('kysely_') && !name.startsWith('sqlite_'),
  );
  const rank = (name: string) => (TABLE_ORDER.includes(name) ? TABLE_ORDER.indexOf(name) : TABLE_ORDER.length);
  return shared.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Copies a club's data from the embedded SQLite database into an empty
 * PostgreSQL database, in one transaction: either everything arrives or nothing
 * does. Both are migrated to the latest schema first. Returns per-table counts.
 */
export async function transferSqliteToPostgres(
  source: AppDatabase,
  target: AppDatabase,
  onProgress: (table: string, copied: number, total: number) => void = () => {},
): Promise<TableTransfer[]> {
  if (source.kind !== 'sqlite' || target.kind !== 'postgres') {
    throw new TransferError('Copy from a SQLite database to a PostgreSQL database.');
  }
  await migrateToLatest(source);
  await migrateToLatest(target);
  const tables = await tablesToTransfer(source.db, target.db);

  for (const table of tables) {
    if (!CLUB_TABLES.has(table)) continue;
    const existing = await countRows(target.db, table);
    if (existing > 0) {
      throw new TransferError(`The target database already has data (${existing} rows in ${table}); use an empty database.`);
    }
  }

  const totals = new Map<string, number>();
  for (const table of tables) totals.set(table, await countRows(source.db, table));

  await (target.db as AnyDb).transaction().execute(async (trx) => {
    // Children first, so no foreign key points at a deleted row.
    for (const table of [...tables].reverse()) {
      if (!CLUB_TABLES.has(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    for (const table of tables) {
      const targetColumns = await postgresColumns(trx, table);
      const sourceColumns = new Set(await sqliteColumns(source.db, table));
      const columns = targetColumns.map((column) => column.name).filter((name) => sourceColumns.has(name));
      const batchSize = Math.max(1, Math.min(1000, Math.floor(MAX_PG_PARAMETERS / columns.length)));
      const total = totals.get(table) ?? 0;
      let copied = 0;
      let lastRowId = -Infinity;
      for (;;) {
        const page = await sql<Record<string, unknown>>`
          select rowid as __rowid, ${sql.join(columns.map((column) => sql.ref(column)))}
          from ${sql.table(table)} where rowid > ${lastRowId === -Infinity ? -1 : lastRowId}
          order by rowid limit ${batchSize}`.execute(source.db);
        if (page.rows.length === 0) break;
        lastRowId = Number(page.rows[page.rows.length - 1].__rowid);
        const values = page.rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
        await trx.insertInto(table).values(values).execute();
        copied += values.length;
        onProgress(table, copied, total);
      }
      // Serial ids continue after the copied ones.
      for (const column of targetColumns.filter((c) => c.serial)) {
        await sql`select setval(pg_get_serial_sequence(${table}, ${column.name}),
          coalesce((select max(${sql.ref(column.name)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    }
  });

  // Title search reads PostgreSQL's titles in the table's order, which must be popularity order.
  await withSortMemory(target.db, clusterTitlesByPopularity);

  const report: TableTransfer[] = [];
  for (const table of tables) {
    report.push({ table, source: totals.get(table) ?? 0, target: await countRows(target.db, table) });
  }
  return report;
}
