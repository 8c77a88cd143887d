import type { ImportJob } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { importReportUrl } from '../../api/imports';
import { t, tn } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { addedLines } from './importView';

/** Done: what was added, what changed nothing or stayed unmatched, the report, and where to look. */
export function ResultStep({ job }: { job: ImportJob }) {
  const { user } = useSession();
  const result = job.result;
  const added = result ? addedLines(result) : [];
  const profile = user ? `/user/profile/${encodeURIComponent(user.username)}` : null;
  return (
    <Card className="import-card import-result">
      <h2 className="import-heading">{t('{{file}} is imported', { file: job.file_name })}</h2>
      {added.length ? (
        <>
          <p>{t('Added to your history:')}</p>
          <ul className="import-added">
            {added.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('Nothing new was added: everything in the file was already here.')}</p>
      )}
      {result && (result.skipped > 0 || result.unmatched > 0) ? (
        <p className="import-leftover">
          {result.skipped > 0
            ? `${tn(result.skipped, '{{count}} row changed nothing (already here, or left out).', '{{count}} rows changed nothing (already here, or left out).')} `
            : ''}
          {result.unmatched > 0 ? `${tn(result.unmatched, '{{count}} row stayed without a film.', '{{count}} rows stayed without a film.')} ` : ''}
          {t('The report says why, row by row.')}
        </p>
      ) : null}
      <div className="import-actions">
        <a href={importReportUrl(job.id)} download className="p-button p-component p-button-outlined import-link-button">
          <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden="true" />
          <span className="p-button-label">{t('Download report (CSV)')}</span>
        </a>
        {profile ? (
          <Link to={`${profile}?tab=diary`} className="p-button p-component import-link-button">
            <span className="p-button-icon p-button-icon-left pi pi-book" aria-hidden="true" />
            <span className="p-button-label">{t('Open your diary')}</span>
          </Link>
        ) : null}
        <Link to="/watchlist" className="p-button p-component import-link-button">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{t('Open your watchlist')}</span>
        </Link>
        <Link to="/import" className="import-again">
          {t('Import another file')}
        </Link>
      </div>
    </Card>
  );
}
