import type { ImportMatch, ImportStatus } from '@movieclub/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ImportRowsTable, ImportsTable } from '../db/schema';
import type { Insertable, Selectable, Updateable } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;
export type ImportRecord = Selectable<ImportsTable>;
export type ImportRowRecord = Selectable<ImportRowsTable>;
export type NewImportRow = Insertable<ImportRowsTable>;

export async function insertImport(db: Db, userId: number, fileName: string, now: string): Promise<number> {
  const row = await db
    .insertInto('imports')
    .values({ user_id: userId, file_name: fileName, status: 'parsing', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findImport(db: Db, id: number) {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function importsOf(db: Db, userId: number, limit: number) {
  return db.selectFrom('imports').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

/** The member's imports being read or applied (started after `since`; older ones were cut off by a restart). */
export function runningImportsOf(db: Db, userId: number, since: string) {
  return db
    .selectFrom('imports')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['parsing', 'importing'])
    .where('updated_at', '>=', since)
    .execute();
}

export function updateImport(db: Db, id: number, changes: Updateable<ImportsTable>) {
  return db.updateTable('imports').set(changes).where('id', '=', id).execute();
}

/** Moves an import from one status to another only if it is still in the first; answers whether it moved. */
export async function moveStatus(db: Db, id: number, from: ImportStatus[], to: ImportStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ status: to, updated_at: now, progress_done: 0, progress_total: null, rows_per_second: null })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function deleteImport(db: Db, id: number) {
  return db.deleteFrom('imports').where('id', '=', id).execute();
}

/** What a failed read left behind. */
export async function deleteRowsAndLists(db: Db, importId: number): Promise<void> {
  await db.deleteFrom('import_rows').where('import_id', '=', importId).execute();
  await db.deleteFrom('import_lists').where('import_id', '=', importId).execute();
}

export async function insertRows(db: Db, rows: NewImportRow[]): Promise<void> {
  // Parameters per statement stay well under both databases' limits.
  for (let start = 0; start < rows.length; start += 200) {
    await db.insertInto('import_rows').values(rows.slice(start, start + 200)).execute();
  }
}

export function rowsOf(db: Db, importId: number, match: ImportMatch | undefined, limit: number, offset: number) {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .$if(match !== undefined, (query) => query.where('match', '=', match!))
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countRows(db: Db, importId: number, match: ImportMatch | undefined): Promise<number> {
  const row = await db
    .selectFrom('import_rows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('import_id', '=', importId)
    .$if(match !== undefined, (query) => query.where('match', '=', match!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Rows per match, for the import's counts. */
export async function matchCounts(db: Db, importId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('import_rows')
    .select(['match', (eb) => eb.fn.countAll().as('n')])
    .where('import_id', '=', importId)
    .groupBy('match')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.match, Number(row.n)]));
}

export function findRow(db: Db, importId: number, rowId: number) {
  return db.selectFrom('import_rows').selectAll().where('import_id', '=', importId).where('id', '=', rowId).executeTakeFirst();
}

export function chooseRow(db: Db, rowId: number, changes: { match: ImportMatch; tconst: string | null; candidates?: string }) {
  return db.updateTable('import_rows').set(changes).where('id', '=', rowId).execute();
}

/** What deciding the order of application needs, for every row. */
export function rowOrder(db: Db, importId: number) {
  return db.selectFrom('import_rows').select(['id', 'kind', 'list_index', 'position']).where('import_id', '=', importId).execute();
}

export function rowsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('import_rows').selectAll().where('id', 'in', ids).execute();
}

/** Writes the outcomes of a batch, one statement per distinct outcome and reason. */
export async function setOutcomes(db: Db, outcomes: { id: number; outcome: string; reason: string | null }[]): Promise<void> {
  const groups = new Map<string, { outcome: string; reason: string | null; ids: number[] }>();
  for (const { id, outcome, reason } of outcomes) {
    const key = `${outcome}\u0000${reason ?? ''}`;
    const group = groups.get(key) ?? { outcome, reason, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  for (const { outcome, reason, ids } of groups.values()) {
    await db.updateTable('import_rows').set({ outcome, reason }).where('id', 'in', ids).execute();
  }
}

export async function outcomeCounts(db: Db, importId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('import_rows')
    .select(['outcome', (eb) => eb.fn.countAll().as('n')])
    .where('import_id', '=', importId)
    .groupBy('outcome')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.outcome ?? '', Number(row.n)]));
}

export function allRows(db: Db, importId: number) {
  return db.selectFrom('import_rows').selectAll().where('import_id', '=', importId).orderBy('id').execute();
}

export function listsOf(db: Db, importId: number) {
  return db.selectFrom('import_lists').selectAll().where('import_id', '=', importId).orderBy('list_index').execute();
}

export async function insertLists(db: Db, lists: Insertable<Database['import_lists']>[]): Promise<void> {
  if (lists.length > 0) await db.insertInto('import_lists').values(lists).execute();
}

export function setListAction(db: Db, importId: number, index: number, action: string) {
  return db.updateTable('import_lists').set({ action }).where('import_id', '=', importId).where('list_index', '=', index).executeTakeFirst();
}

/** Items per list of an import. */
export async function listItemCounts(db: Db, importId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('import_rows')
    .select(['list_index', (eb) => eb.fn.countAll().as('n')])
    .where('import_id', '=', importId)
    .where('kind', '=', 'list')
    .groupBy('list_index')
    .execute();
  return new Map(rows.map((row) => [Number(row.list_index), Number(row.n)]));
}

/** Catalogue posters of titles already in the catalogue. */
export async function cataloguePosters(db: Db, tconsts: string[]): Promise<Map<string, string | null>> {
  if (tconsts.length === 0) return new Map();
  const rows = await db.selectFrom('movies').select(['tconst', 'poster']).where('tconst', 'in', tconsts).execute();
  return new Map(rows.map((row) => [row.tconst, row.poster]));
}
