import type { ImportJob, ImportMatch } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../api/client';
import { confirmImport, removeImport } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { ListChoices } from './ListChoices';
import { MATCH_LABELS, SOURCE_LABELS, leftOutCount, rowsText } from './importView';
import { RowsTable } from './RowsTable';
import { storeJob } from './useImportJob';

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

  const filters: { label: string; value: Filter }[] = [
    { label: `All (${counts.rows})`, value: 'all' },
    { label: `${MATCH_LABELS.matched} (${counts.matched})`, value: 'matched' },
    { label: `${MATCH_LABELS.ambiguous} (${counts.ambiguous})`, value: 'ambiguous' },
    { label: `${MATCH_LABELS.unmatched} (${counts.unmatched})`, value: 'unmatched' },
    { label: `${MATCH_LABELS.skipped} (${leftOut})`, value: 'skipped' },
  ];
  const failure = confirm.error ?? cancel.error;

  return (
    <div className="import-preview">
      <Card className="import-card">
        <h2 className="import-heading">Check what will be imported</h2>
        <p>
          {job.file_name}
          {job.source ? ` (${SOURCE_LABELS[job.source]})` : ''}: {rowsText(counts.rows)} read.
          {counts.ambiguous > 0 ? ' Some titles match more than one film: choose the right one.' : ''}
          {counts.unmatched > 0 ? ' Titles that were not found can be searched by hand, or left out.' : ''}
        </p>
        <dl className="import-counts">
          <Count term="Rows" value={counts.rows} />
          <Count term="Matched" value={counts.matched} />
          <Count term="Need a choice" value={counts.ambiguous} />
          <Count term="Not found" value={counts.unmatched} />
          <Count term="Left out" value={leftOut} />
        </dl>
      </Card>

      {job.lists.length > 0 ? <ListChoices job={job} /> : null}

      <Card className="import-card">
        <h2 className="import-heading" id="import-rows-heading">
          Rows
        </h2>
        <SelectButton
          value={filter}
          options={filters}
          onChange={(event) => event.value && setFilter(event.value as Filter)}
          allowEmpty={false}
          className="import-filter"
          aria-label="Show rows"
        />
        <RowsTable key={filter} importId={job.id} match={filter === 'all' ? null : filter} />
      </Card>

      <Card className="import-card import-confirm">
        <p>
          {counts.ambiguous + counts.unmatched > 0
            ? 'Rows that still need a choice, or were not found, will be left out; the report after the import lists them.'
            : 'Everything is ready.'}{' '}
          Importing the same file again later adds nothing twice.
        </p>
        {failure ? <Message severity="error" text={errorText(failure, 'That did not work. Please try again.')} className="import-message" /> : null}
        <div className="import-actions">
          <Button type="button" label="Import" icon="pi pi-check" loading={confirm.isPending} disabled={busy} onClick={() => confirm.mutate()} />
          <Button type="button" label="Cancel this import" severity="secondary" text disabled={busy} onClick={() => cancel.mutate()} />
        </div>
      </Card>
    </div>
  );
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div className="import-count">
      <dt>{term}</dt>
      <dd>{value.toLocaleString('en')}</dd>
    </div>
  );
}
