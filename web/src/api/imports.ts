import type {
  ExportFormat,
  ImportListChoice,
  ImportMatch,
  ImportReply,
  ImportRowReply,
  ImportRowsReply,
  ImportsReply,
} from '@movieclub/contract';
import { api, inReadersLanguage, resolveApiUrl, send } from './client';

/** Sends a history file as multipart/form-data (field `file`); the server reads and matches it in the background. */
export function uploadImport(file: File): Promise<ImportReply> {
  const body = new FormData();
  body.append('file', file, file.name);
  return send<ImportReply>('/api/imports', { method: 'POST', body });
}

export const fetchImports = (signal?: AbortSignal) => api.get<ImportsReply>('/api/imports', signal);

export const fetchImport = (id: number, signal?: AbortSignal) => api.get<ImportReply>(`/api/imports/${id}`, signal);

export interface ImportRowsPage {
  match: ImportMatch | null;
  limit: number;
  offset: number;
}

export function fetchImportRows(id: number, { match, limit, offset }: ImportRowsPage, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (match) query.set('match', match);
  return api.get<ImportRowsReply>(`/api/imports/${id}/rows?${query}`, signal);
}

/** Chooses the IMDb title of a row, or null to leave the row out. */
export const chooseImportRow = (id: number, row: number, tconst: string | null) =>
  api.patch<ImportRowReply>(`/api/imports/${id}/rows/${row}`, { tconst });

export const chooseImportList = (id: number, index: number, action: ImportListChoice['action']) =>
  api.patch<ImportReply>(`/api/imports/${id}/lists/${index}`, { action });

export const confirmImport = (id: number) => api.post<ImportReply>(`/api/imports/${id}/confirm`);

export const removeImport = (id: number) => api.delete<{ success: true }>(`/api/imports/${id}`);

/** Where the browser downloads an import's report (every row, what happened to it and why). */
/** The report in the reader's language. */
export const importReportUrl = (id: number) => resolveApiUrl(inReadersLanguage(`/api/imports/${id}/report.csv`));

/** Where the browser downloads everything the member owns, in one format, as a zip. */
export const exportUrl = (format: ExportFormat) => resolveApiUrl(`/api/export?format=${format}`);
