import type { ImportJob } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { ProgressBar } from 'primereact/progressbar';
import { t } from '../../i18n';
import { progressPercent, progressText } from './importView';

/** Reading the file, or applying it: a bar (indeterminate until the total is known) and how fast it goes. */
export function ProgressStep({ job }: { job: ImportJob }) {
  const percent = progressPercent(job);
  const reading = job.status === 'parsing';
  const label = reading ? t('Reading {{file}}', { file: job.file_name }) : t('Importing {{file}}', { file: job.file_name });
  return (
    <Card className="import-card import-progress">
      <h2 className="import-heading">{label}</h2>
      <p className="import-hint">
        {reading
          ? t('Each row is being matched to a title on IMDb. You will be able to check the matches before anything is added.')
          : t('Your films, ratings, diary and lists are being added. You can leave this page: the import carries on.')}
      </p>
      {percent === null ? (
        <ProgressBar mode="indeterminate" aria-label={label} className="import-bar" />
      ) : (
        <ProgressBar value={percent} aria-label={label} aria-valuetext={t('{{percent}}%', { percent })} className="import-bar" />
      )}
      <p className="import-rate">
        {progressText(job)}
      </p>
    </Card>
  );
}
