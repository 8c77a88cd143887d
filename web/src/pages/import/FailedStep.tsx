import type { ImportJob } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import { t, tServer } from '../../i18n';

/** A file that could not be imported: the server's sentence, and a way to try another. */
export function FailedStep({ job }: { job: ImportJob }) {
  return (
    <Card className="import-card import-failed">
      <h2 className="import-heading">{t('{{file}} could not be imported', { file: job.file_name })}</h2>
      <Message severity="error" text={job.error ? tServer(job.error) : t('Something went wrong while reading the file.')} className="import-message" />
      {/* The server's sentence says what to do ('Upload it again.' after a restart cut reading off); without one, a hint. */}
      {!job.error && <p>{t('Check that the file is an export from Letterboxd, IMDb or movieclub, then try again.')}</p>}
      <Link to="/import" className="p-button p-component import-link-button">
        <span className="p-button-icon p-button-icon-left pi pi-upload" aria-hidden="true" />
        <span className="p-button-label">{t('Try another file')}</span>
      </Link>
    </Card>
  );
}
