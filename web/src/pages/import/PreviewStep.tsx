import type { ImportJob, ImportMatch } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../api/client';
import { confirmImport, removeImport } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { formatNumber, t, tn } from '../../i18n';
import { ListChoices } from './ListChoices';
import { matchLabels, SOURCE_LABELS, leftOutCount } from './importView';
import { RowsTable } from './RowsTable';
import { storeJob } from './useImportJob';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

type Filter = ImportMatch | 'all';

/** Read and matched: the counts, the rows by how they matched (each can be fixed or left out), the lists, then Import. */
export function PreviewStep({ job }: { job: ImportJob }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { counts } = job;
  const leftOut = leftOutCount(counts);
  // Start where the member has something to do.
  const [filter, setFilter] = useState<Filter>(() => (counts.ambiguous > 0 ? 'ambiguous' : 'all'));
  const confirm = useMutation({ mutationFn: () => confirmImport(job.id), onSuccess: ({ import: next }) => storeJob(queryClient, next) });
  const cancel = useMutation({
    mutationFn: () => removeImport(job.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.importJob(job.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recentImports });
      navigate('/import');
    },
  });
  const busy = confirm.isPending || cancel.isPending;

  const labels = matchLabels();
  // Counts written as the tiles above write them (40,000; 40.000 in German).
  const filters: { label: string; value: Filter }[] = [
    { label: `${t('All')} (${formatNumber(counts.rows)})`, value: 'all' },
    { label: `${labels.matched} (${formatNumber(counts.matched)})`, value: 'matched' },
    { label: `${labels.ambiguous} (${formatNumber(counts.ambiguous)})`, value: 'ambiguous' },
    { label: `${labels.unmatched} (${formatNumber(counts.unmatched)})`, value: 'unmatched' },
    { label: `${labels.skipped} (${formatNumber(leftOut)})`, value: 'skipped' },
  ];
  const file = job.source ? `${job.file_name} (${SOURCE_LABELS[job.source]})` : job.file_name;
  const failure = confirm.error ?? cancel.error;

  return (
    <div className="import-preview">
      <Card className="import-card">
        <h2 className="import-heading">{t('Check what will be imported')}</h2>
        <p>
          {tn(counts.rows, '{{file}}: {{count}} row read.', '{{file}}: {{count}} rows read.', { file })}
          {counts.ambiguous > 0 ? ` ${t('Some titles match more than one film: choose the right one.')}` : ''}
          {counts.unmatched > 0 ? ` ${t('Titles that were not found can be searched by hand, or left out.')}` : ''}
        </p>
        <dl className="import-counts">
          <Count term={t('Rows')} value={counts.rows} />
          <Count term={t('Matched')} value={counts.matched} />
          <Count term={t('Need a choice')} value={counts.ambiguous} />
          <Count term={t('Not found')} value={counts.unmatched} />
          <Count term={t('Left out')} value={leftOut} />
        </dl>
      </Card>

      {job.lists.length > 0 ? <ListChoices job={job} /> : null}

      <Card className="import-card">
        <h2 className="import-heading" id="import-rows-heading">
          {t('Rows')}
        </h2>
        <SelectButton
          value={filter}
          options={filters}
          onChange={(event) => event.value && setFilter(event.value as Filter)}
          allowEmpty={false}
          className="import-filter"
          aria-label={t('Show rows')}
        />
        <RowsTable key={filter} importId={job.id} match={filter === 'all' ? null : filter} />
      </Card>

      <Card className="import-card import-confirm">
        <p>
          {counts.ambiguous + counts.unmatched > 0
            ? t('Rows that still need a choice, or were not found, will be left out; the report after the import lists them.')
            : t('Everything is ready.')}{' '}
          {t('Importing the same file again later adds nothing twice.')}
        </p>
        {failure ? <Message severity="error" text={errorText(failure, t('That did not work. Please try again.'))} className="import-message" /> : null}
        <div className="import-actions">
          <FocusKeepingButton type="button" label={t('Import')} icon="pi pi-check" busy={busy} onClick={() => confirm.mutate()} />
          <FocusKeepingButton type="button" label={t('Cancel this import')} severity="secondary" text busy={busy} onClick={() => cancel.mutate()} />
        </div>
      </Card>
    </div>
  );
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div className="import-count">
      <dt>{term}</dt>
      <dd>{formatNumber(value)}</dd>
    </div>
  );
}
