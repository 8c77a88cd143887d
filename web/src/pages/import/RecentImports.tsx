import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { fetchImports } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { TimeAgo } from '../../components/TimeAgo';
import { t } from '../../i18n';
import { SOURCE_LABELS, statusLabels, rowsText } from './importView';

/** The member's recent imports, newest first, each opening where it stands; nothing when there are none. */
export function RecentImports() {
  const imports = useQuery({ queryKey: queryKeys.recentImports, queryFn: ({ signal }) => fetchImports(signal).then((reply) => reply.imports) });
  if (!imports.data?.length) return null;
  const labels = statusLabels();
  return (
    <Card className="import-card import-recent">
      <h2 className="import-heading">{t('Your recent imports')}</h2>
      <ul className="import-recent-list">
        {imports.data.map((job) => (
          <li key={job.id}>
            <Link to={`/import/${job.id}`} className="import-recent-name">
              {job.file_name}
            </Link>
            <span className="import-recent-meta">
              {job.source && `${SOURCE_LABELS[job.source]} · `}
              <TimeAgo iso={job.created_at} />
              {job.counts.rows > 0 && ` · ${rowsText(job.counts.rows)}`}
            </span>
            <span className={`import-status import-status-${job.status}`}>{labels[job.status]}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
