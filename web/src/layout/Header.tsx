import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { lazy, Suspense, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionProvider';
import { HeaderSearch } from './HeaderSearch';
import { withBase } from '../lib/basePath';
import { t } from '../i18n';
import { LanguagePicker } from './LanguagePicker';
import { useHeaderFit } from './useHeaderFit';

const HeaderUser = lazy(() => import('./HeaderUser'));

export function Header({ title }: { title: string }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);
  useHeaderFit(header);

  const signOut = async (target: string) => {
    const providerSignOut = await logout();
    // The identity provider ends its session too, then sends the browser back to the home page.
    if (providerSignOut) window.location.assign(providerSignOut);
    else navigate(target);
  };

  const items: MenuItem[] = [
    { label: t('Home'), icon: 'pi pi-home', command: () => navigate('/') },
    { label: t('Watchlist'), icon: 'pi pi-list', command: () => navigate('/watchlist') },
    ...(user
      ? [
          { label: t('Add Movie'), icon: 'pi pi-plus', command: () => navigate('/add-movie') },
          { label: t('Logout'), icon: 'pi pi-sign-out', command: () => void signOut('/') },
        ]
      : [
          { label: t('Register'), icon: 'pi pi-user-plus', command: () => navigate('/register') },
          { label: t('Login'), icon: 'pi pi-sign-in', command: () => navigate('/login') },
        ]),
  ];

  const start = (
    <div className="header-start">
      <Link to="/" className="header-logo" aria-label={t('MovieClub home')}>
        <img src={withBase('/logo.svg')} alt="" width={36} height={36} />
        <span className="header-brand">MovieClub</span>
      </Link>
      <HeaderSearch />
    </div>
  );

  const end = (
    <div className="header-end">
      <LanguagePicker />
      {user && (
        <Suspense fallback={null}>
          <HeaderUser user={user} onLogout={() => void signOut('/login')} />
        </Suspense>
      )}
    </div>
  );

  // The theme collapses the Menubar into its burger button at 960px; then the search takes a row of its own.
  // Wider, the header gives parts up as the search needs room (useHeaderFit).
  return (
    <header className="app-header" ref={header}>
      <Menubar model={items} start={start} end={end} className="app-menubar" />
      <h1 className="app-title" tabIndex={-1}>
        {title}
      </h1>
    </header>
  );
}
