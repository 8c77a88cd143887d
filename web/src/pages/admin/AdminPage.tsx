import { ADMIN_PAGE_ONLY, INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_NOTE_MAX, type RegistrationMode } from '@movieclub/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { useSession } from '../../session/SessionProvider';
import { fetchAdminSettings } from '../../api/admin';
import { InvitationsSection } from './InvitationsSection';
import { MediaServersSection } from './MediaServersSection';
import { RegistrationSection } from './RegistrationSection';
import { WebhookSection } from './WebhookSection';
import './admin.css';

export const adminKeys = { settings: ['admin', 'settings'] as const, invites: ['admin', 'invites'] as const };

export const MODE_LABELS: Record<RegistrationMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone may create an account.' },
  invite: { label: 'By invitation', hint: 'Only people with an invitation link may create an account.' },
  closed: { label: 'Closed', hint: 'Nobody may create an account.' },
};

export const INVITE_LIMITS = { days: INVITE_DAYS_DEFAULT, maxDays: INVITE_DAYS_MAX, noteMax: INVITE_NOTE_MAX };

/** /admin: the site's registration rule, invitations, outgoing notifications and media servers (admins only). */
export function AdminPage() {
  const { user } = useSession();
  const isAdmin = user?.is_admin === true;
  const settings = useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => fetchAdminSettings(signal), enabled: isAdmin });

  if (!isAdmin) {
    return (
      <div className="admin-page">
        <p className="admin-refused" role="alert">
          {ADMIN_PAGE_ONLY}
        </p>
      </div>
    );
  }
  if (settings.isError) return <p role="alert">Could not load the site's settings. Please try again.</p>;
  if (!settings.data) return <p>Loading the site's settings...</p>;

  return (
    <div className="admin-page">
      <h2 className="admin-title">Site administration</h2>
      <div className="admin-sections">
        <Card title="Registration" className="admin-card">
          <RegistrationSection settings={settings.data} />
        </Card>
        <Card title="Invitations" className="admin-card">
          <InvitationsSection />
        </Card>
        <Card title="Outgoing notifications" className="admin-card">
          <WebhookSection settings={settings.data} />
        </Card>
        <Card className="admin-card">
          <MediaServersSection />
        </Card>
      </div>
    </div>
  );
}
