import type { CurrentUser } from '@movieclub/contract';
import { Chip } from 'primereact/chip';
import { Link } from 'react-router-dom';
import { LightButton } from '../components/LightButton';
import { UserAvatar } from '../components/UserAvatar';
import { t } from '../i18n';
import { useSession } from '../session/SessionProvider';
import { NotificationBell } from './NotificationBell';

/**
 * The signed-in end of the header: the bell, Admin for site admins, the user's chip (to their profile) and Logout.
 * Its own chunk, so a visitor's first page does not load the Chip and Avatar.
 */
export default function HeaderUser({ user, onLogout }: { user: CurrentUser; onLogout(): void }) {
  const isAdmin = useSession().user?.is_admin === true;
  return (
    <div className="header-user">
      <NotificationBell username={user.username} />
      {isAdmin && (
        <Link to="/admin" className="header-admin-link" aria-label={t('Admin')} title={t('Admin')}>
          <i className="pi pi-cog" aria-hidden="true" />
          <span className="header-admin-text">{t('Admin')}</span>
        </Link>
      )}
      <Link to={`/user/profile/${encodeURIComponent(user.username)}`} className="user-chip-link" aria-label={t('{{username}}, your profile', { username: user.username })}>
        <Chip label={user.username} template={<><UserAvatar username={user.username} picture={user.profile_picture} /><span className="p-chip-text">{user.username}</span></>} />
      </Link>
      {/* Below 1400 px the label hides to save room; the tooltip (hover and keyboard focus) still says it. */}
      <LightButton
        label={t('Logout')}
        aria-label={t('Logout')}
        icon="pi pi-sign-out"
        size="small"
        severity="secondary"
        className="header-logout"
        tooltip={t('Logout')}
        tooltipOptions={{ position: 'bottom', event: 'both' }}
        onClick={onLogout}
      />
    </div>
  );
}
