import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { LightButton } from '../LightButton';

// The dialog and its widgets arrive with the first click.
const stop = (event: { stopPropagation(): void }) => event.stopPropagation();
// Escape goes on to the document, where the dialog listens for it to close.
const stopAllButEscape = (event: { key: string; stopPropagation(): void }) => event.key !== 'Escape' && event.stopPropagation();
const LogViewingDialog = lazy(() => import('./LogViewingDialog'));

/**
 * The 'Log viewing' action of a card or movie page. A visitor who is not signed in is
 * sent to /login and brought back, as the heart and plus do.
 */
export function LogViewingButton({ movie, withLabel = false }: { movie: { id: number; title: string }; withLabel?: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <LightButton
        className="log-viewing-button"
        icon="pi pi-calendar-plus"
        label={withLabel ? t('Log viewing') : undefined}
        rounded={!withLabel}
        text={!withLabel}
        severity={withLabel ? 'secondary' : undefined}
        aria-label={t('Log viewing')}
        tooltip={t('Log viewing')}
        tooltipOptions={{ position: 'top' }}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (!user) return navigate('/login', { state: { from: location } });
          setOpen(true);
        }}
      />
      {open && (
        // The dialog is portalled to the page's end, but its events still bubble through the card
        // (a carousel that stops on a key, a clickable row): they end here, all but Escape.
        <span className="log-viewing-events" onClick={stop} onKeyDown={stopAllButEscape} onPointerDown={stop} onTouchStart={stop} onWheel={stop}>
          <Suspense fallback={null}>
            <LogViewingDialog movie={movie} onClose={() => setOpen(false)} />
          </Suspense>
        </span>
      )}
    </>
  );
}
