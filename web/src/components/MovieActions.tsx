import type { Movie } from '@movieclub/contract';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useInMyWatchlist, useToggleInMyWatchlist } from '../pages/watchlist/membership';
import { t } from '../i18n';
import { useSession } from '../session/SessionProvider';
import { LazyOverlayPanel, type PopupHandle } from './LazyOverlayPanel';
import { LightButton } from './LightButton';
import { LogViewingButton } from './viewings/LogViewingButton';
import '../pages/watchlist/movieActions.css';

let pickerModule: typeof import('../pages/watchlist/PublicListPicker') | null = null;
/** The list picker (with its Dropdown) comes with the popup's first opening. */
const loadPicker = () => import('../pages/watchlist/PublicListPicker').then((module) => (pickerModule = module));

/**
 * The heart (My Watchlist) and plus (public watchlist) buttons for a movie.
 * An anonymous visitor who clicks either is sent to /login and brought back.
 */
export function MovieActions({ movie }: { movie: Pick<Movie, 'id' | 'title'> }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = user ? user.id : null;
  const inList = useInMyWatchlist(movie.id, userId);
  const toggleInMyWatchlist = useToggleInMyWatchlist(userId);
  const panel = useRef<PopupHandle>(null);
  const actions = useRef<HTMLSpanElement>(null);
  // Opened from the keyboard (a click with no pointer): focus goes back to the plus when it closes.
  const openedByKey = useRef(false);
  const [open, setOpen] = useState(false);
  const heartLabel = inList ? t('Remove from My Watchlist') : t('Add to My Watchlist');

  const toLogin = () => navigate('/login', { state: { from: location } });
  const closed = () => {
    setOpen(false);
    if (openedByKey.current) actions.current?.querySelector<HTMLElement>('.plus-button')?.focus();
    openedByKey.current = false;
  };

  return (
    <span ref={actions} className="movie-actions">
      <LightButton
        className={inList ? 'heart-button in-list' : 'heart-button'}
        icon={inList ? 'pi pi-heart-fill' : 'pi pi-heart'}
        rounded
        text
        aria-label={heartLabel}
        aria-pressed={inList}
        tooltip={heartLabel}
        tooltipOptions={{ position: 'top' }}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (userId === null) return toLogin();
          toggleInMyWatchlist(movie.id);
        }}
      />
      <LightButton
        className="plus-button"
        icon="pi pi-plus"
        rounded
        text
        aria-label={t('Add to Public Watchlist')}
        tooltip={t('Add to Public Watchlist')}
        tooltipOptions={{ position: 'top' }}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (userId === null) return toLogin();
          openedByKey.current = event.detail === 0;
          panel.current?.toggle(event);
        }}
      />
      <LogViewingButton movie={movie} />
      <LazyOverlayPanel handle={panel} preload={loadPicker} onShow={() => setOpen(true)} onHide={closed} aria-label={t('Add {{title}} to a public watchlist', { title: movie.title })}>
        {open && pickerModule && <pickerModule.PublicListPicker movieId={movie.id} movieTitle={movie.title} onDone={() => panel.current?.hide()} />}
      </LazyOverlayPanel>
    </span>
  );
}
