import type { ExportFormat } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { exportUrl } from '../../api/imports';
import { t } from '../../i18n';

const formats = (): { format: ExportFormat; label: string; hint: string }[] => [
  { format: 'letterboxd', label: 'Letterboxd', hint: t('CSV files Letterboxd’s importer reads') },
  { format: 'movieclub', label: 'movieclub', hint: t('for another movieclub') },
  { format: 'csv', label: 'CSV', hint: t('for spreadsheets') },
];

/** On one's own profile: download everything one owns as a zip, or bring a history in. */
export function ExportCard() {
  return (
    <Card title={t('Your data')} className="profile-export">
      <p className="profile-export-text">{t('Download your ratings, reviews, diary, watchlist and lists as a zip file.')}</p>
      <ul className="profile-export-links">
        {formats().map(({ format, label, hint }) => (
          <li key={format}>
            <a href={exportUrl(format)} download className="p-button p-component p-button-outlined p-button-sm profile-export-link">
              <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden="true" />
              <span className="p-button-label">{t('Export for {{format}}', { format: label })}</span>
            </a>
            <small>{hint}</small>
          </li>
        ))}
      </ul>
      <Link to="/import" className="profile-import-link">
        <i className="pi pi-upload" aria-hidden="true" /> {t('Import from Letterboxd or IMDb')}
      </Link>
    </Card>
  );
}
