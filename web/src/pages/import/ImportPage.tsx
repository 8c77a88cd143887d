import { rowIdFromText } from '@movieclub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../api/client';
import { t } from '../../i18n';
import { FailedStep } from './FailedStep';
import { PreviewStep } from './PreviewStep';
import { ProgressStep } from './ProgressStep';
import { RecentImports } from './RecentImports';
import { ResultStep } from './ResultStep';
import { UploadStep } from './UploadStep';
import { useImportJob } from './useImportJob';
import './import.css';

/**
 * /import: choose a file (and see recent imports); /import/{id}: that import, step by
 * step — reading the file, checking the matches, importing, and what it added. The id
 * is in the address, so a reload finds the import where it is.
 */
export function ImportPage() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <div className="import-page">
        <UploadStep />
        <RecentImports />
      </div>
    );
  }
  const importId = rowIdFromText(id);
  return <div className="import-page">{importId === null ? <Missing text={t('There is no such import.')} /> : <ImportSteps id={importId} />}</div>;
}

function Missing({ text }: { text: string }) {
  return (
    <div className="import-missing">
      <Message severity="error" text={text} />
      <Link to="/import">{t('Start a new import')}</Link>
    </div>
  );
}

function ImportSteps({ id }: { id: number }) {
  const job = useImportJob(id);
  const queryClient = useQueryClient();
  const status = job.data?.status;

  // What an import added shows everywhere at once: the diary, watchlists, reviews, the catalogue.
  useEffect(() => {
    if (status !== 'done') return;
    for (const key of ['viewings', 'watchlists', 'reviews', 'movies', 'profile', 'users']) void queryClient.invalidateQueries({ queryKey: [key] });
  }, [status, queryClient]);

  if (job.isPending) return <p className="import-loading">{t('Loading the import...')}</p>;
  if (job.isLoadingError) return <Missing text={errorText(job.error, t('The import could not be loaded.'))} />;
  const current = job.data;
  switch (current.status) {
    case 'parsing':
    case 'importing':
      return <ProgressStep job={current} />;
    case 'ready':
      return <PreviewStep job={current} />;
    case 'done':
      return <ResultStep job={current} />;
    case 'failed':
      return <FailedStep job={current} />;
  }
}
