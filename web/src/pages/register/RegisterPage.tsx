import { useMutation, useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchRegistration } from '../../api/admin';
import { register } from '../../api/auth';
import { ApiError } from '../../api/client';
import { CredentialsCard } from '../../components/CredentialsCard';
import { t } from '../../i18n';
import { OidcButton, OidcChoice, useOidcConfig } from '../login/OidcButton';
import { inviteRequired, registrationClosed } from '../login/signInProblems';
import '../login/oidc.css';

function AlreadyMember() {
  return (
    <p className="credentials-switch">
      {t('Already a member?')} <Link to="/login">{t('Login')}</Link>
    </p>
  );
}

/** Why nobody may register here now: closed, or by invitation and this page has none. */
function RegistrationShut({ sentence, hint }: { sentence: string; hint: string }) {
  return (
    <div className="credentials-page">
      <Card title={t('Register')} className="credentials-card" pt={{ title: { 'aria-level': 2 } }}>
        <p className="register-shut" role="status">
          <strong>{sentence}</strong>
        </p>
        <p className="credentials-switch">{hint}</p>
        <AlreadyMember />
      </Card>
    </div>
  );
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invite = params.get('invite')?.trim() || undefined;
  // The rule is read once per visit; a failed read shows the form, and the server still decides.
  const registration = useQuery({ queryKey: ['registration'], queryFn: ({ signal }) => fetchRegistration(signal), select: (reply) => reply.mode, staleTime: 0 });

  const oidc = useOidcConfig();
  const provider = oidc.data?.enabled && oidc.data.label ? oidc.data : null;

  const call = useMutation({ mutationFn: (credentials: { username: string; password: string }) => register(credentials.username, credentials.password, invite) });

  const submit = async (username: string, password: string) => {
    try {
      await call.mutateAsync({ username, password });
    } catch (error) {
      if (error instanceof ApiError && error.answered) return error.message || t('Registration failed.');
      return t('An error occurred.');
    }
    navigate('/login');
    return null;
  };

  if (registration.isPending || oidc.isPending) return null;
  if (registration.data === 'closed') return <RegistrationShut sentence={registrationClosed()} hint={t('Ask an admin of this site if you would like an account.')} />;
  if (registration.data === 'invite' && !invite) return <RegistrationShut sentence={inviteRequired()} hint={t('Open the invitation link you were sent, or ask a member for one.')} />;

  // The identity provider makes the account on the first sign-in (an invitation in the address goes along).
  const button = provider ? <OidcButton label={provider.label!} returnTo="/" invite={invite} /> : null;
  if (provider?.only) {
    return (
      <div className="credentials-page">
        <Card title={t('Register')} className="credentials-card" pt={{ title: { 'aria-level': 2 } }}>
          <div className="oidc-only">
            <p className="credentials-switch">{t('New members join this site by signing in through its identity provider: the first sign-in creates the account.')}</p>
            {button}
          </div>
          <AlreadyMember />
        </Card>
      </div>
    );
  }
  const withProvider = button ? (
    <>
      <OidcChoice>{button}</OidcChoice>
      <AlreadyMember />
    </>
  ) : (
    <AlreadyMember />
  );
  return <CredentialsCard title={t('Register')} onSubmit={submit} footer={withProvider} />;
}
