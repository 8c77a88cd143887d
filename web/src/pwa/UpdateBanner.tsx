import { Button } from 'primereact/button';
import { useState } from 'react';
import { t } from '../i18n';

/**
 * A new version of the app has been downloaded and waits: offers to switch to it.
 * Until the reload the page keeps running the version it started with.
 */
export default function UpdateBanner({ onUpdate }: { onUpdate: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  const [updating, setUpdating] = useState(false);
  if (dismissed) return null;
  return (
    <div className="update-banner" role="status">
      <span className="pi pi-sparkles update-banner-icon" aria-hidden="true" />
      <p className="update-banner-text">{t('A new version of MovieClub is ready.')}</p>
      <div className="update-banner-actions">
        <Button
          label={t('Reload to update')}
          icon="pi pi-refresh"
          size="small"
          className="update-banner-reload"
          loading={updating}
          onClick={() => {
            setUpdating(true);
            onUpdate();
          }}
        />
        <Button label={t('Later')} size="small" text className="update-banner-later" onClick={() => setDismissed(true)} />
      </div>
    </div>
  );
}
