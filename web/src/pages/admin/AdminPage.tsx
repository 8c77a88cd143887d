import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_NOTE_MAX, type RegistrationMode } from '@movieclub/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { useSession } from '../../session/SessionProvider';
import { fetchAdminSettings } from '../../api/admin';
import { InvitationsSection } from './InvitationsSection';
import { LanguageSection } from './LanguageSection';
import { MediaServersSection } from './MediaServersSection';
import { MembersSection } from './MembersSection';
import { RadarrSection } from './RadarrSection';
import { RegistrationSection } from './RegistrationSection';
import { WebhookSection } from './WebhookSection';
import { t } from '../../i18n';
import './admin.css';

export const adminKeys = { settings: ['admin', 'settings'] as const, invites: ['admin', 'invites'] as const };

/** The registration rules as the page names and explains them (a function: texts are translated when shown). */
export const modeLabels = (): Record<RegistrationMode, { label: string; hint: string }> => ({
  open: { label: t('Open'), hint: t('Anyone may create an account.') },
  invite: { label: t('By invitation'), hint: t('Only people with an invitation link may create an account.') },
  closed: { label: t('Closed'), hint: t('Nobody may create an account.') },
});

export const INVITE_LIMITS = { days: INVITE_DAYS_DEFAULT, maxDays: INVITE_DAYS_MAX, noteMax: INVITE_NOTE_MAX };

/** /admin: the site's registration rule, invitations, outgoing notifications, the club's language, media servers and removing members (admins only). */
export function AdminPage() {
  const { user } = useSession();
  const isAdmin = user?.is_admin === true;
  const settings = useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => fetchAdminSettings(signal), enabled: isAdmin });

  if (!isAdmin) {
    return (
      <div className="admin-page">
        <p className="admin-refused" role="alert">
          {/* The contract's ADMIN_PAGE_ONLY, which the browser tests look for, written out to be translated. */}
          {t('Only an admin of this site may see this page.')}
        </p>
      </div>
    );
  }
  if (settings.isLoadingError) return <p role="alert">{t("Could not load the site's settings. Please try again.")}</p>;
  if (!settings.data) return <p>{t("Loading the site's settings...")}</p>;

  return (
    <div className="admin-page">
      <h2 className="admin-title">{t('Site administration')}</h2>
      <div className="admin-sections">
        <Card title={t('Registration')} className="admin-card">
          <RegistrationSection settings={settings.data} />
        </Card>
        <Card title={t('Invitations')} className="admin-card">
          <InvitationsSection />
        </Card>
        <Card title={t('Outgoing notifications')} className="admin-card">
          <WebhookSection settings={settings.data} />
        </Card>
        <Card title={t('Club language')} className="admin-card">
          <LanguageSection settings={settings.data} />
        </Card>
        <Card className="admin-card">
          <MediaServersSection />
        </Card>
        <Card className="admin-card">
          <RadarrSection />
        </Card>
        <Card title={t('Members')} className="admin-card">
          <MembersSection />
        </Card>
      </div>
    </div>
  );
}
