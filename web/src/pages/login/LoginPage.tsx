import { useMutation } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Link, type Location, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../../api/auth';
import { ApiError } from '../../api/client';
import { CredentialsCard } from '../../components/CredentialsCard';
import { t } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { OidcButton, OidcChoice, useOidcConfig } from './OidcButton';
import { oidcProblem } from './signInProblems';
import './oidc.css';

export function LoginPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as { from?: Location } | null)?.from;
  const returnTo = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
  const oidc = useOidcConfig();
  const oidcError = params.get('oidc_error');

  const call = useMutation({ mutationFn: (credentials: { username: string; password: string }) => login(credentials.username, credentials.password) });

  const submit = async (username: string, password: string) => {
    try {
      await call.mutateAsync({ username, password });
    } catch (error) {
      if (error instanceof ApiError && error.answered) return error.message || t('Login failed.');
      return error instanceof Error && error.message && !(error instanceof ApiError) ? error.message : t('An error occurred.');
    }
    await refresh();
    navigate(returnTo, { replace: true });
    return null;
  };

  // Until the settings are known, so a site that signs in through its provider only never flashes a password form.
  if (oidc.isPending) return null;
  const provider = oidc.data?.enabled && oidc.data.label ? oidc.data : null;
  const problem = oidcError ? (
    <Message severity="error" className="oidc-problem" text={oidcProblem(oidcError)} />
  ) : null;
  const button = provider ? <OidcButton label={provider.label!} returnTo={returnTo} /> : null;

  if (provider?.only) {
    return (
      <div className="credentials-page">
        <Card title={t('Login')} className="credentials-card" pt={{ title: { 'aria-level': 2 } }}>
          <div className="oidc-only">
            {problem}
            <p className="credentials-switch">{t('Members of this site sign in through its identity provider.')}</p>
            {button}
          </div>
        </Card>
      </div>
    );
  }

  return (
    <CredentialsCard
      title={t('Login')}
      onSubmit={submit}
      footer={
        <>
          {problem}
          {button && <OidcChoice>{button}</OidcChoice>}
          <p className="credentials-switch">
            {t('New here?')} <Link to="/register">{t('Register')}</Link>
          </p>
        </>
      }
    />
  );
}
