import type { ImportMatch, ImportRowView } from '@movieclub/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { fetchImportRows } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';
import { viewingDate } from '../../lib/viewingDates';
import { kindLabels, starsLabel, starsText, titleYear } from './importView';
import { RowChoice } from './RowChoice';
import { withBase } from '../../lib/basePath';

const PAGE_SIZE = 20;

const emptyTexts = (): Record<ImportMatch | 'all', string> => ({
  all: t('The file has no rows.'),
  matched: t('No row is matched yet.'),
  ambiguous: t('Every title found one film: nothing to choose.'),
  unmatched: t('Every title was found on IMDb.'),
  skipped: t('No row is left out.'),
});

/**
 * One page of the rows (read page by page from the server), optionally only those matched
 * one way: the poster of the chosen title, the row as the file has it, and the choice.
 * Below 960 px each row stacks into a card.
 */
export function RowsTable({ importId, match }: { importId: number; match: ImportMatch | null }) {
  const [offset, setOffset] = useState(0);
  const rows = useQuery({
    queryKey: queryKeys.importRows(importId, match, offset, PAGE_SIZE),
    queryFn: ({ signal }) => fetchImportRows(importId, { match, limit: PAGE_SIZE, offset }, signal),
    placeholderData: keepPreviousData,
  });

  if (rows.isLoadingError) return <Message severity="error" text={errorText(rows.error, t('The rows could not be loaded.'))} className="import-message" />;
  return (
    <DataTable
      value={rows.data?.rows ?? []}
      dataKey="id"
      lazy
      paginator
      first={offset}
      rows={PAGE_SIZE}
      totalRecords={rows.data?.total ?? 0}
      onPage={(event) => setOffset(event.first)}
      loading={rows.isPending}
      responsiveLayout="stack"
      breakpoint="960px"
      emptyMessage={rows.isPending ? t('Loading rows...') : emptyTexts()[match ?? 'all']}
      className="import-rows"
      aria-labelledby="import-rows-heading"
    >
      <Column header={t('Poster')} body={posterCell} className="import-col-poster" />
      <Column header={t('In your file')} body={fileCell} className="import-col-file" />
      <Column header={t('Kind')} body={kindCell} />
      <Column header={t('Rating')} body={ratingCell} />
      <Column header={t('Watched')} body={watchedCell} />
      <Column header={t('Film on IMDb')} body={(row: ImportRowView) => <RowChoice key={row.id} importId={importId} row={row} />} className="import-col-choice" />
    </DataTable>
  );
}

function posterCell(row: ImportRowView) {
  const poster = row.chosen?.poster;
  return poster ? (
    <img src={withBase(poster)} alt="" width={46} height={69} loading="lazy" className="import-poster" />
  ) : (
    <span className="import-poster import-poster-none" aria-hidden="true">
      <i className="pi pi-image" />
    </span>
  );
}

function fileCell(row: ImportRowView) {
  return (
    <div>
      <span className="import-file-title">{titleYear(row.title, row.year)}</span>
      <small className="import-file-line">
        {t('{{file}}, line {{line}}', { file: row.file, line: row.line })}
      </small>
    </div>
  );
}

function kindCell(row: ImportRowView) {
  return (
    <span>
      {kindLabels()[row.kind]}
      {row.list ? <small className="import-file-line">{t('in “{{list}}”', { list: row.list })}</small> : null}
    </span>
  );
}

function ratingCell(row: ImportRowView) {
  if (row.stars === null) return <span className="import-none">{t('No rating')}</span>;
  return (
    <span className="import-stars" role="img" aria-label={starsLabel(row.stars)}>
      {starsText(row.stars)}
    </span>
  );
}

function watchedCell(row: ImportRowView) {
  if (!row.watched_on) return <span className="import-none">{row.kind === 'watched' ? t('Watched, no day') : '—'}</span>;
  return (
    <span>
      {viewingDate(row.watched_on)}
      {row.rewatch ? <small className="import-file-line">{t('rewatch')}</small> : null}
    </span>
  );
}

