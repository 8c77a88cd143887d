import {
  IMPORT_EVENTS,
  IMPORT_HISTORY_LIMIT,
  type ImportCandidate,
  type ImportJob,
  type ImportMatch,
  type ImportResult,
  type ImportRowView,
  type ImportSource,
  type ImportStatus,
} from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../http/errors';
import { posterPath } from '../movies/poster';
import { applyImport } from './apply';
import { parseImportFile } from './formats/parse';
import { ImportFileError, type ParsedImport } from './formats/types';
import { TitleMatcher } from './matching';
import * as q from './queries';
import { type TitleFacts, titlesById } from './titleQueries';

/**
 * An import's life: uploaded → read and matched in the background (`parsing`) → checked
 * by the member (`ready`) → applied in the background (`importing`) → `done`; or `failed`
 * with a sentence. Progress is written to the import's row and sent to the member's sockets.
 */

/** Rows matched and stored per step while reading. */
const MATCH_BATCH = 250;
/** A running import writes its progress at least this often; one silent for longer was cut off by a restart. */
const PROGRESS_EVERY_MS = 1000;
const STALE_AFTER_MS = 2 * 60 * 1000;
const UNREADABLE = 'The file could not be read, and nothing was imported. Check that it is an export from Letterboxd, IMDb or movieclub.';
const CUT_OFF_READING = 'The server stopped while reading the file. Upload it again.';

const isRunning = (status: string) => status === 'parsing' || status === 'importing';
/** Imports whose progress was written before this are no longer running (also read by the metrics). */
export const staleBefore = () => new Date(Date.now() - STALE_AFTER_MS).toISOString();

/** An import left running by a process that stopped: reading starts over; applying can be confirmed again (it repeats nothing). */
async function settle(app: FastifyInstance, record: q.ImportRecord): Promise<q.ImportRecord> {
  if (!isRunning(record.status) || record.updated_at >= staleBefore()) return record;
  const now = new Date().toISOString();
  if (record.status === 'parsing') {
    await q.updateImport(app.db, record.id, { status: 'failed', error: CUT_OFF_READING, updated_at: now });
  } else {
    await q.moveStatus(app.db, record.id, ['importing'], 'ready', now);
  }
  return (await q.findImport(app.db, record.id))!;
}

async function describe(app: FastifyInstance, record: q.ImportRecord): Promise<ImportJob> {
  const [lists, itemCounts] = await Promise.all([q.listsOf(app.db, record.id), q.listItemCounts(app.db, record.id)]);
  return {
    id: record.id,
    source: record.source as ImportSource | null,
    status: record.status as ImportStatus,
    file_name: record.file_name,
    created_at: record.created_at,
    counts: { rows: record.rows, matched: record.matched, ambiguous: record.ambiguous, unmatched: record.unmatched },
    progress: {
      done: record.progress_done,
      total: record.progress_total,
      rows_per_second: record.rows_per_second === null ? null : Math.round(Number(record.rows_per_second)),
    },
    error: record.error,
    lists: lists.map((list) => ({
      index: list.list_index,
      name: list.name,
      items: itemCounts.get(list.list_index) ?? 0,
      action: list.action === 'skip' ? 'skip' : 'create',
    })),
    result: record.result ? (JSON.parse(record.result) as ImportResult) : null,
  };
}

/** The member's own import, brought up to date; anyone else's is not found (its id says nothing). */
async function ownImport(app: FastifyInstance, userId: number, id: number): Promise<q.ImportRecord> {
  const record = await q.findImport(app.db, id);
  if (!record || record.user_id !== userId) throw notFound('Import not found.', 'import_not_found');
  return settle(app, record);
}

async function publish(app: FastifyInstance, userId: number, id: number): Promise<void> {
  const record = await q.findImport(app.db, id);
  if (record) app.realtime.toUser(userId, IMPORT_EVENTS.progress, await describe(app, record));
}

/** Writes progress (and tells the member's sockets) at most once a second, and always at the end of a step. */
function progressWriter(app: FastifyInstance, userId: number, id: number) {
  const started = Date.now();
  let lastWrite = 0;
  return async (done: number, total: number | null, extra: Parameters<typeof q.updateImport>[2] = {}, force = false) => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    const seconds = (now - started) / 1000;
    await q.updateImport(app.db, id, {
      progress_done: done,
      progress_total: total,
      rows_per_second: seconds > 0 ? done / seconds : null,
      updated_at: new Date(now).toISOString(),
      ...extra,
    });
    await publish(app, userId, id);
  };
}

export async function listImports(app: FastifyInstance, userId: number): Promise<ImportJob[]> {
  const records = await q.importsOf(app.db, userId, IMPORT_HISTORY_LIMIT);
  return Promise.all(records.map(async (record) => describe(app, await settle(app, record))));
}

export async function getImport(app: FastifyInstance, userId: number, id: number): Promise<ImportJob> {
  return describe(app, await ownImport(app, userId, id));
}

/** Stores the upload's record and starts reading it in the background. */
export async function startImport(app: FastifyInstance, userId: number, fileName: string, bytes: Buffer): Promise<ImportJob> {
  if ((await q.runningImportsOf(app.db, userId, staleBefore())).length > 0) {
    throw conflict('One of your imports is still running. Wait for it to finish, then upload the next file.', 'import_running');
  }
  const id = await q.insertImport(app.db, userId, fileName.slice(0, 255) || 'upload', new Date().toISOString());
  void readInBackground(app, userId, id, fileName, bytes);
  return describe(app, (await q.findImport(app.db, id))!);
}

async function readInBackground(app: FastifyInstance, userId: number, id: number, fileName: string, bytes: Buffer): Promise<void> {
  const progress = progressWriter(app, userId, id);
  try {
    const parsed = await parseImportFile(bytes, fileName, (rowsRead) => void progress(rowsRead, null).catch(() => {}));
    await matchAndStore(app, id, parsed, progress);
  } catch (error) {
    const message = error instanceof ImportFileError ? error.message : UNREADABLE;
    if (!(error instanceof ImportFileError)) app.log.error({ err: error, importId: id }, 'import failed');
    await q.deleteRowsAndLists(app.db, id).catch(() => {});
    await q.updateImport(app.db, id, { status: 'failed', error: message, updated_at: new Date().toISOString() }).catch(() => {});
    await publish(app, userId, id).catch(() => {});
  }
}

async function matchAndStore(app: FastifyInstance, id: number, parsed: ParsedImport, progress: ReturnType<typeof progressWriter>): Promise<void> {
  const matcher = new TitleMatcher(app.db, app.database.kind);
  await q.insertLists(
    app.db,
    parsed.lists.map((list) => ({
      import_id: id,
      list_index: list.index,
      name: list.name,
      description: list.description,
      moderators: JSON.stringify(list.moderators),
      action: 'create',
    })),
  );
  const counts = { rows: 0, matched: 0, ambiguous: 0, unmatched: 0 };
  const total = parsed.rows.length;
  await q.updateImport(app.db, id, { source: parsed.source, progress_total: total });
  for (let start = 0; start < total; start += MATCH_BATCH) {
    const batch = parsed.rows.slice(start, start + MATCH_BATCH);
    const outcomes = await matcher.matchAll(batch);
    await q.insertRows(
      app.db,
      batch.map((row, i) => {
        const outcome = outcomes[i]!;
        counts[outcome.match] += 1;
        return {
          import_id: id,
          file: row.file,
          line: row.line,
          kind: row.kind,
          title: row.title,
          year: row.year,
          given_tconst: row.tconst,
          stars: row.stars,
          rated_on: row.date,
          watched_on: row.watchedOn,
          rewatch: row.rewatch ? 1 : 0,
          review: row.review,
          list_index: row.list,
          position: row.position,
          club: row.club ? JSON.stringify(row.club) : null,
          match: outcome.match,
          tconst: outcome.tconst,
          candidates: JSON.stringify(outcome.candidates),
        };
      }),
    );
    counts.rows += batch.length;
    const last = start + MATCH_BATCH >= total;
    await progress(counts.rows, total, { ...counts, ...(last ? { status: 'ready' } : {}) }, last);
  }
  if (total === 0) await progress(0, 0, { ...counts, status: 'ready' }, true);
}

function candidateView(title: TitleFacts, posters: Map<string, string | null>): ImportCandidate {
  return {
    tconst: title.tconst,
    title: title.primary_title,
    original_title: title.original_title && title.original_title !== title.primary_title ? title.original_title : null,
    year: title.start_year,
    title_type: title.title_type,
    votes: title.num_votes,
    poster: posters.get(title.tconst) ?? posterPath(title.tconst),
  };
}

async function rowViews(app: FastifyInstance, rows: q.ImportRowRecord[], listNames: Map<number, string>): Promise<ImportRowView[]> {
  const parsed = rows.map((row) => ({ row, candidates: JSON.parse(row.candidates) as TitleFacts[] }));
  const chosenIds = parsed.filter(({ row, candidates }) => row.tconst && !candidates.some((c) => c.tconst === row.tconst)).map(({ row }) => row.tconst!);
  const chosenFacts = new Map((await titlesById(app.db, chosenIds)).map((title) => [title.tconst, title]));
  const everyId = [...new Set([...parsed.flatMap(({ candidates }) => candidates.map((c) => c.tconst)), ...chosenIds])];
  const posters = await q.cataloguePosters(app.db, everyId);
  return parsed.map(({ row, candidates }) => {
    const chosen = row.tconst ? (candidates.find((c) => c.tconst === row.tconst) ?? chosenFacts.get(row.tconst)) : undefined;
    return {
      id: row.id,
      file: row.file,
      line: row.line,
      kind: row.kind as ImportRowView['kind'],
      title: row.title,
      year: row.year,
      stars: row.stars,
      watched_on: row.watched_on,
      rewatch: row.rewatch === 1,
      review: row.review,
      list: row.list_index === null ? null : (listNames.get(row.list_index) ?? null),
      match: row.match as ImportMatch,
      chosen: chosen ? candidateView(chosen, posters) : null,
      candidates: candidates.map((candidate) => candidateView(candidate, posters)),
      outcome: row.outcome as ImportRowView['outcome'],
      reason: row.reason,
    };
  });
}

export async function importRows(
  app: FastifyInstance,
  userId: number,
  id: number,
  query: { match?: ImportMatch; limit: number; offset: number },
): Promise<{ rows: ImportRowView[]; total: number }> {
  await ownImport(app, userId, id);
  const [rows, total, lists] = await Promise.all([
    q.rowsOf(app.db, id, query.match, query.limit, query.offset),
    q.countRows(app.db, id, query.match),
    q.listsOf(app.db, id),
  ]);
  return { rows: await rowViews(app, rows, new Map(lists.map((list) => [list.list_index, list.name]))), total };
}

async function requireReady(app: FastifyInstance, userId: number, id: number): Promise<q.ImportRecord> {
  const record = await ownImport(app, userId, id);
  if (record.status !== 'ready') throw conflict(changeRefusal(record.status as ImportStatus), 'import_not_ready');
  return record;
}

const changeRefusal = (status: ImportStatus) =>
  status === 'parsing'
    ? 'The file is still being read. Wait until it is ready.'
    : status === 'failed'
      ? 'This import failed; upload the file again.'
      : 'This import has already been applied.';

/** Recounts matches after a choice and stores them on the import. */
async function recount(app: FastifyInstance, id: number) {
  const byMatch = await q.matchCounts(app.db, id);
  const counts = {
    rows: Object.values(byMatch).reduce((sum, n) => sum + n, 0),
    matched: byMatch.matched ?? 0,
    ambiguous: byMatch.ambiguous ?? 0,
    unmatched: byMatch.unmatched ?? 0,
  };
  await q.updateImport(app.db, id, counts);
  return counts;
}

/** The member picks the title of a row (any title of the index), or leaves the row out. */
export async function chooseRow(app: FastifyInstance, userId: number, id: number, rowId: number, tconst: string | null) {
  await requireReady(app, userId, id);
  const row = await q.findRow(app.db, id, rowId);
  if (!row) throw notFound('Row not found.', 'import_row_not_found');
  if (tconst === null) {
    await q.chooseRow(app.db, rowId, { match: 'skipped', tconst: null });
  } else {
    const [title] = await titlesById(app.db, [tconst]);
    if (!title) throw badRequest(`No IMDb title ${tconst} is in this server's index.`);
    await q.chooseRow(app.db, rowId, { match: 'matched', tconst });
  }
  const counts = await recount(app, id);
  const lists = await q.listsOf(app.db, id);
  const [view] = await rowViews(app, [(await q.findRow(app.db, id, rowId))!], new Map(lists.map((list) => [list.list_index, list.name])));
  return { row: view!, counts };
}

export async function chooseList(app: FastifyInstance, userId: number, id: number, index: number, action: 'create' | 'skip'): Promise<ImportJob> {
  await requireReady(app, userId, id);
  const updated = await q.setListAction(app.db, id, index, action);
  if (Number(updated.numUpdatedRows) === 0) throw notFound('List not found in this import.', 'import_list_not_found');
  return getImport(app, userId, id);
}

/** Starts applying a ready import in the background. */
export async function confirmImport(app: FastifyInstance, userId: number, id: number): Promise<ImportJob> {
  const record = await requireReady(app, userId, id);
  if (!(await q.moveStatus(app.db, id, ['ready'], 'importing', new Date().toISOString()))) {
    throw conflict('This import is already being applied.', 'import_not_ready');
  }
  await q.updateImport(app.db, id, { error: null });
  void applyInBackground(app, userId, id, record.source);
  return getImport(app, userId, id);
}

async function applyInBackground(app: FastifyInstance, userId: number, id: number, source: string | null): Promise<void> {
  const progress = progressWriter(app, userId, id);
  let applied = { done: 0, total: 0 };
  try {
    const result = await applyImport(app.db, {
      materialise: { db: app.db, config: app.config, log: app.log },
      userId,
      importId: id,
      source,
      onProgress: (done, total) => {
        applied = { done, total };
        return progress(done, total);
      },
    });
    await progress(applied.done, applied.total, { status: 'done', error: null, result: JSON.stringify(result) }, true);
  } catch (error) {
    app.log.error({ err: error, importId: id }, 'applying an import failed');
    // What was applied stays (each batch is whole); confirming again carries on, repeating nothing.
    await q.moveStatus(app.db, id, ['importing'], 'ready', new Date().toISOString()).catch(() => {});
    await q.updateImport(app.db, id, { error: 'The import stopped part-way. What was added stays; press Import again to finish it.' }).catch(() => {});
    await publish(app, userId, id).catch(() => {});
  }
}

export async function removeImport(app: FastifyInstance, userId: number, id: number): Promise<void> {
  const record = await ownImport(app, userId, id);
  if (isRunning(record.status)) throw conflict('This import is still running. Wait for it to finish.', 'import_running');
  await q.deleteImport(app.db, id);
}

/** Every row with what happened to it, for the report download. */
export async function reportRows(app: FastifyInstance, userId: number, id: number) {
  const record = await ownImport(app, userId, id);
  const [rows, lists] = await Promise.all([q.allRows(app.db, id), q.listsOf(app.db, id)]);
  return { record, rows, listNames: new Map(lists.map((list) => [list.list_index, list.name])) };
}
