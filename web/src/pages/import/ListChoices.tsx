import type { ImportJob, ImportList } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { errorText } from '../../api/client';
import { chooseImportList } from '../../api/imports';
import { SWITCH_PT } from '../../components/a11y';
import { t } from '../../i18n';
import { filmsText } from './importView';
import { storeJob } from './useImportJob';

/** The lists found in the file: each becomes a new public list of the member, or is skipped. */
export function ListChoices({ job }: { job: ImportJob }) {
  return (
    <Card className="import-card">
      <h2 className="import-heading">{t('Lists in the file')}</h2>
      <p className="import-hint">{t('Each list you keep becomes a new public list of yours, with the films that were matched.')}</p>
      <ul className="import-lists">
        {job.lists.map((list) => (
          <ListChoice key={list.index} importId={job.id} list={list} />
        ))}
      </ul>
    </Card>
  );
}

function ListChoice({ importId, list }: { importId: number; list: ImportList }) {
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: (action: ImportList['action']) => chooseImportList(importId, list.index, action),
    onSuccess: ({ import: job }) => storeJob(queryClient, job),
  });
  const id = `import-list-${list.index}`;
  const creating = choose.isPending ? choose.variables === 'create' : list.action === 'create';
  return (
    <li className="import-list">
      <InputSwitch inputId={id} checked={creating} disabled={choose.isPending} onChange={(event) => choose.mutate(event.value ? 'create' : 'skip')} pt={SWITCH_PT} />
      <label htmlFor={id} className="import-list-name">
        {t('Create “{{name}}”', { name: list.name })}
      </label>
      <span className="import-hint">{filmsText(list.items)}</span>
      {choose.isError ? (
        <small className="import-error" role="alert">
          {errorText(choose.error, t('The list could not be changed.'))}
        </small>
      ) : null}
    </li>
  );
}
