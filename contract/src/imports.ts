import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { ID_MAX, IMPORT_ROWS_PAGE_MAX, IMPORT_ROWS_PAGE_SIZE } from './limits';
import { imdbIdField } from './movies';
import { inLanguageQuery } from './languageQuery';
import { wholeIn } from './queryNumbers';
import { defineRoute } from './route';

/** Where an imported file came from, as recognised from its columns (never from its name). */
export const IMPORT_SOURCES = ['letterboxd', 'imdb', 'movieclub'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * `parsing`: read and matched in the background; `ready`: waiting for the member to check and
 * confirm; `importing`: being applied; `done`; `failed` (the file could not be read: `error` says why).
 */
export const IMPORT_STATUSES = ['parsing', 'ready', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How a row was matched to an IMDb title. `skipped`: the member chose to leave it out. */
export const IMPORT_MATCHES = ['matched', 'ambiguous', 'unmatched', 'skipped'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

/** What a row is, by the file (or column set) it came from. */
export const IMPORT_ROW_KINDS = ['rating', 'review', 'diary', 'watched', 'watchlist', 'list'] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

export const importCounts = z
  .object({
    rows: z.number().int().min(0),
    matched: z.number().int().min(0),
    ambiguous: z.number().int().min(0),
    unmatched: z.number().int().min(0),
  })
  .meta({ id: 'ImportCounts', description: 'Rows read so far, and how they matched (rows the member left out count as neither).' });
export type ImportCounts = z.infer<typeof importCounts>;

export const importProgress = z
  .object({
    done: z.number().int().min(0).meta({ description: 'Rows read (while parsing) or applied (while importing).' }),
    total: z.number().int().min(0).nullable().meta({ description: 'Rows expected, when known.' }),
    rows_per_second: z.number().min(0).nullable(),
  })
  .meta({ id: 'ImportProgress' });
export type ImportProgress = z.infer<typeof importProgress>;

export const importList = z
  .object({
    index: z.number().int().min(0),
    name: z.string(),
    items: z.number().int().min(0),
    action: z.enum(['create', 'skip']).meta({ description: 'create: becomes a new public list of the member; skip: left out.' }),
  })
  .meta({ id: 'ImportList' });
export type ImportList = z.infer<typeof importList>;

const addedCounts = z.object({
  movies: z.number().int().min(0).meta({ description: 'Titles brought into the catalogue.' }),
  reviews: z.number().int().min(0),
  viewings: z.number().int().min(0),
  watchlist: z.number().int().min(0),
  lists: z.number().int().min(0),
  list_items: z.number().int().min(0),
});

export const importResult = z
  .object({
    added: addedCounts,
    skipped: z.number().int().min(0).meta({ description: 'Rows that changed nothing; the report gives each one’s reason.' }),
    unmatched: z.number().int().min(0),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResult>;

export const importJob = z
  .object({
    id: rowIdOut,
    source: z.enum(IMPORT_SOURCES).nullable().meta({ description: 'Null until the file has been recognised.' }),
    status: z.enum(IMPORT_STATUSES),
    file_name: z.string(),
    created_at: z.string(),
    counts: importCounts,
    progress: importProgress,
    error: z.string().nullable(),
    lists: z.array(importList),
    result: importResult.nullable(),
  })
  .meta({ id: 'Import' });
export type ImportJob = z.infer<typeof importJob>;

export const importReply = z.object({ success: z.literal(true), import: importJob });
export type ImportReply = z.infer<typeof importReply>;

export const importsReply = z.object({ success: z.literal(true), imports: z.array(importJob).meta({ description: 'Newest first.' }) });
export type ImportsReply = z.infer<typeof importsReply>;

export const importCandidate = z
  .object({
    tconst: z.string(),
    title: z.string(),
    original_title: z.string().nullable(),
    year: z.number().int().nullable(),
    title_type: z.string(),
    votes: z.number().int().nullable(),
    poster: z.string().meta({ description: 'The catalogue poster when the title is in the catalogue, else a drawn one.' }),
  })
  .meta({ id: 'ImportCandidate' });
export type ImportCandidate = z.infer<typeof importCandidate>;

export const importRow = z
  .object({
    id: rowIdOut,
    file: z.string(),
    line: z.number().int().min(1),
    kind: z.enum(IMPORT_ROW_KINDS),
    title: z.string(),
    year: z.number().int().nullable(),
    stars: z.number().int().min(1).max(10).nullable(),
    watched_on: z.string().nullable(),
    rewatch: z.boolean(),
    review: z.string().nullable().meta({ description: 'The review text, as plain text.' }),
    list: z.string().nullable().meta({ description: 'The list the row belongs to.' }),
    match: z.enum(IMPORT_MATCHES),
    chosen: importCandidate.nullable(),
    candidates: z.array(importCandidate),
    outcome: z.enum(['added', 'skipped', 'unmatched']).nullable().meta({ description: 'After importing: what happened to the row.' }),
    reason: z.string().nullable().meta({ description: 'After importing: why the row was skipped or left unmatched, or what part of an added row was left out.' }),
  })
  .meta({ id: 'ImportRow' });
export type ImportRowView = z.infer<typeof importRow>;

export const importRowsReply = z.object({
  success: z.literal(true),
  rows: z.array(importRow).meta({ description: 'In file order.' }),
  total: z.number().int().min(0),
});
export type ImportRowsReply = z.infer<typeof importRowsReply>;

export const importRowReply = z.object({ success: z.literal(true), row: importRow, counts: importCounts });
export type ImportRowReply = z.infer<typeof importRowReply>;

export const importRowsQuery = z.object({
  match: z.enum(IMPORT_MATCHES, { error: 'Match must be matched, ambiguous, unmatched or skipped.' }).optional(),
  limit: wholeIn(`Limit must be a whole number from 1 to ${IMPORT_ROWS_PAGE_MAX}.`, 1, IMPORT_ROWS_PAGE_MAX).default(IMPORT_ROWS_PAGE_SIZE),
  offset: wholeIn(`Offset must be a whole number from 0 to ${ID_MAX.toLocaleString('en')}.`, 0, ID_MAX).default(0),
});

/** `PATCH /api/imports/{id}/rows/{row}`: the title chosen for the row, or null to leave the row out. */
export const importRowChoice = z.object({
  tconst: imdbIdField('Choose a title (an IMDb id like tt0111161) or null to leave the row out.').nullable(),
});
export type ImportRowChoice = z.infer<typeof importRowChoice>;

export const importListChoice = z.object({
  action: z.enum(['create', 'skip'], { error: 'Action must be create or skip.' }),
});
export type ImportListChoice = z.infer<typeof importListChoice>;

export const EXPORT_FORMATS = ['letterboxd', 'movieclub', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be letterboxd, movieclub or csv.' }),
});

const importParams = z.object({ id: rowIdText('Import id must be a number.') });
const importRowParams = importParams.extend({ row: rowIdText('Row must be a number.') });
const importListParams = importParams.extend({
  index: z
    .string({ error: 'List must be a number.' })
    .regex(/^\d{1,4}$/, { error: 'List must be a number.' })
    .transform(Number),
});
const SIGN_IN_TO_IMPORT = 'You must be signed in to import your history.';
const TAG = 'Imports and exports';

/** Imports (Letterboxd, IMDb, our own export) and exports. */
export const importRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/imports',
    summary:
      'Uploads one multipart/form-data file (at most 50 MB): a Letterboxd export zip or one of its CSVs, an IMDb ratings, list or watchlist CSV, or a movieclub export. It is read and matched in the background.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    reply: importReply,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/imports',
    summary: "The caller's recent imports.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    reply: importsReply,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/imports/:id',
    summary: 'One of the caller’s imports: status, progress, counts and lists.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importParams,
    reply: importReply,
  }),
  rows: defineRoute({
    method: 'GET',
    path: '/api/imports/:id/rows',
    summary: 'A page of an import’s rows with their matches and candidates, optionally only those matched one way.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importParams,
    query: importRowsQuery,
    reply: importRowsReply,
  }),
  chooseRow: defineRoute({
    method: 'PATCH',
    path: '/api/imports/:id/rows/:row',
    summary: 'Chooses the IMDb title of a row (any title in the index), or leaves the row out; before importing only.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importRowParams,
    body: importRowChoice,
    reply: importRowReply,
  }),
  chooseList: defineRoute({
    method: 'PATCH',
    path: '/api/imports/:id/lists/:index',
    summary: 'Creates an imported list as a new public list, or skips it; before importing only.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importListParams,
    body: importListChoice,
    reply: importReply,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/imports/:id/confirm',
    summary: 'Applies a ready import in the background, batch by batch; importing the same rows again changes nothing.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importParams,
    reply: importReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/imports/:id',
    summary: 'Forgets an import that is not running (what it added stays).',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importParams,
    reply: z.object({ success: z.literal(true) }),
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/imports/:id/report.csv',
    summary: 'Every row of an import with what happened to it and why, as CSV.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN_TO_IMPORT,
    params: importParams,
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'text/csv',
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/export',
    summary:
      'Everything the caller owns as a zip: letterboxd (CSV files Letterboxd’s importer reads), movieclub (versioned JSON another installation imports) or csv (for spreadsheets).',
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to export your history.',
    query: exportQuery,
    reply: z.string(),
    produces: 'application/zip',
  }),
} as const;
