import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { resolveApiUrl } from '../api/client';
import { t } from '../i18n';
import { useRefreshFailed, failedRefresh } from './refreshFailed';
import { pwaStatus } from './status';
import './pwa.css';

// Only when a new version waits, which needs the network that fetched it: a chunk of its own.
const UpdateBanner = lazy(() => import('./UpdateBanner'));

const healthUrl = () => resolveApiUrl('/api/health');
/** How often the server is asked again while the notice shows. */
const RETRY_MS = 5000;

/** A bar under the header: what is wrong, and a button to try again. */
function Notice({ icon, children, busy, onRetry }: { icon: string; children: ReactNode; busy: boolean; onRetry(): void }) {
  return (
    <div className="offline-notice" role="status">
      <span className={`pi ${icon} offline-notice-icon`} aria-hidden="true" />
      <p className="offline-notice-text">{children}</p>
      <button type="button" className="p-button p-component p-button-sm p-button-outlined offline-notice-button" disabled={busy} onClick={onRetry}>
        <span className="p-button-label p-c">{busy ? t('Checking…') : t('Try again')}</span>
      </button>
    </div>
  );
}

/**
 * The offline notice under the header while the server cannot be reached, a notice when a
 * screen on show could not be refreshed, and the banner offering a new version. The notices are
 * part of the first bundle: the offline one must show exactly when further chunks may not load.
 */
export function PwaStatus() {
  const { offline, checking, update } = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.getSnapshot);
  const queryClient = useQueryClient();
  const [stillOffline, setStillOffline] = useState(false);
  const refreshFailed = useRefreshFailed(queryClient);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void queryClient.refetchQueries({ predicate: failedRefresh }).finally(() => setRefreshing(false));
  };

  // Back: what failed while offline is asked for again.
  const reconnect = useCallback(async () => {
    const reachable = await pwaStatus.check(healthUrl());
    if (reachable) void queryClient.invalidateQueries();
    return reachable;
  }, [queryClient]);

  useEffect(() => {
    const online = () => void reconnect();
    const lost = () => pwaStatus.noteBrowserOffline();
    window.addEventListener('online', online);
    window.addEventListener('offline', lost);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', lost);
    };
  }, [reconnect]);

  useEffect(() => {
    if (!offline) {
      setStillOffline(false);
      return;
    }
    // The browser's 'online' may come before requests get through, and a server may come back on its own: keep asking.
    const retry = setInterval(() => void reconnect(), RETRY_MS);
    return () => clearInterval(retry);
  }, [offline, reconnect]);

  return (
    <>
      {offline ? (
        <Notice icon="pi-wifi" busy={checking} onRetry={() => void reconnect().then((reachable) => setStillOffline(!reachable))}>
          <strong>{t('You are offline.')}</strong> {t('The club will be back as soon as your connection is; until then, nothing you change can be saved.')}
          {stillOffline && !checking && <span className="offline-notice-retry"> {t('Still no connection.')}</span>}
        </Notice>
      ) : (
        refreshFailed && (
          <Notice icon="pi-refresh" busy={refreshing} onRetry={refresh}>
            {t('Could not refresh this page: it shows what it loaded before.')}
          </Notice>
        )
      )}
      {update && (
        <Suspense fallback={null}>
          <UpdateBanner onUpdate={update} />
        </Suspense>
      )}
    </>
  );
}
