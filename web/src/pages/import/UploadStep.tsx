import { IMPORT_FILE_MAX_BYTES } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { type ChangeEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, failedWith } from '../../api/client';
import { uploadImport } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';
import { storeJob } from './useImportJob';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

const MAX_MB = Math.round(IMPORT_FILE_MAX_BYTES / (1024 * 1024));

/** Choose a file: what can be imported, the chooser, and the server's sentence when it refuses the file. */
export function UploadStep() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const upload = useMutation({
    mutationFn: uploadImport,
    onSuccess: ({ import: job }) => {
      storeJob(queryClient, job);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recentImports });
      navigate(`/import/${job.id}`);
    },
    onError: (failure) => {
      setError(errorText(failure, t('The file could not be uploaded. Please try again.')));
      // Refused because another import runs (perhaps from another tab): the list below shows which.
      if (failedWith(failure, 'import_running')) void queryClient.invalidateQueries({ queryKey: queryKeys.recentImports });
    },
  });
  const busy = upload.isPending || upload.isSuccess;

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setError(t('That file is larger than {{mb}} MB. For Letterboxd, upload the export zip; for IMDb, one CSV at a time.', { mb: MAX_MB }));
      return;
    }
    setError('');
    upload.mutate(file);
  };

  return (
    <Card className="import-card import-upload">
      <h2 className="import-heading">{t('Bring your film history')}</h2>
      <p>
        {t('Import your ratings, reviews, diary, watchlist and lists from another site. Every row is matched to a title on IMDb, and you check the matches before anything is added.')}
      </p>
      <ul className="import-sources">
        <li>
          <strong>Letterboxd:</strong>{' '}
          {t('the zip from Settings → Import & Export → Export your data, or any CSV in it (ratings, reviews, diary, watched, watchlist or a list).')}
        </li>
        <li>
          <strong>IMDb:</strong> {t('your ratings, your watchlist or one of your lists, exported as CSV.')}
        </li>
        <li>
          <strong>movieclub:</strong> {t('an export from this club or another one.')}
        </li>
      </ul>
      <div className="import-choose">
        <input
          ref={input}
          id="import-file"
          type="file"
          accept=".zip,.csv"
          className="import-file-input"
          aria-label={t('History file (.zip or .csv)')}
          onChange={chosen}
          disabled={busy}
        />
        <FocusKeepingButton type="button" label={busy ? t('Uploading...') : t('Choose a file')} icon="pi pi-upload" busy={busy} onClick={() => input.current?.click()} />
        <span className="import-hint">{t('A .zip or .csv file, up to {{mb}} MB.', { mb: MAX_MB })}</span>
      </div>
      {error ? <Message severity="error" text={error} className="import-message" /> : null}
    </Card>
  );
}
