import { useId } from 'react';
import { resolveApiUrl } from '../../api/client';
import { t } from '../../i18n';
import { CopyField } from './CopyField';

/** Radarr's import list of the movies picked for upcoming nights: what the club's media server should have in time. */
export function RadarrSection() {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`} className="admin-form">
      <h3 id={`${ids}-title`} className="p-card-title">
        Radarr
      </h3>
      <p className="admin-hint">
        {t("Radarr can fetch the movies picked for upcoming movie nights, so they are on the media server in time. In Radarr: Settings → Lists → + → StevenLu Custom, with this address as its URL. A list's Radarr button copies the address of all its movies.")}
      </p>
      <CopyField id={`${ids}-nights`} label={t('Radarr import list')} value={resolveApiUrl('/api/screenings/radarr.json')} />
    </section>
  );
}
