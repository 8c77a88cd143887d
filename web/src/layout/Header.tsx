import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { Link, useNavigate } from 'react-router-dom';
import { UserAvatar } from '../components/UserAvatar';
import { useSession } from '../session/SessionProvider';
import { HeaderSearch } from './HeaderSearch';

export function Header({ title }: { title: string }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();

  const signOut = async (target: string) => {
    await logout();
    navigate(target);
  };

  const items: MenuItem[] = [
    { label: 'Home', icon: 'pi pi-home', command: () => navigate('/') },
    { label: 'Watchlist', icon: 'pi pi-list', command: () => navigate('/watchlist') },
    ...(user
      ? [
          { label: 'Add Movie', icon: 'pi pi-plus', command: () => navigate('/add-movie') },
          { label: 'Logout', icon: 'pi pi-sign-out', command: () => void signOut('/') },
        ]
      : [
          { label: 'Register', icon: 'pi pi-user-plus', command: () => navigate('/register') },
          { label: 'Login', icon: 'pi pi-sign-in', command: () => navigate('/login') },
        ]),
  ];

  const start = (
    <div className="header-start">
      <Link to="/" className="header-logo" aria-label="MovieClub home">
        <img src="/logo.svg" alt="" width={36} height={36} />
        <span className="header-brand">MovieClub</span>
      </Link>
      <HeaderSearch />
    </div>
  );

  const end = user ? (
    <div className="header-user">
      <Link to={`/user/profile/${encodeURIComponent(user.username)}`} className="user-chip-link" aria-label={`${user.username}, your profile`}>
        <Chip label={user.username} template={<><UserAvatar username={user.username} picture={user.profile_picture} /><span className="p-chip-text">{user.username}</span></>} />
      </Link>
      {/* Below 1400 px the label hides to save room; the tooltip (hover and keyboard focus) still says it. */}
      <Button
        label="Logout"
        aria-label="Logout"
        icon="pi pi-sign-out"
        size="small"
        severity="secondary"
        className="header-logout"
        tooltip="Logout"
        tooltipOptions={{ position: 'bottom', event: 'both' }}
        onClick={() => void signOut('/login')}
      />
    </div>
  ) : null;

  // The theme collapses the Menubar into its burger button at 960px; then the search takes a row of its own.
  return (
    <header className="app-header">
      <Menubar model={items} start={start} end={end} className="app-menubar" />
      <h1 className="app-title">{title}</h1>
    </header>
  );
}
