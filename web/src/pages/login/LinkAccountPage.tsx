import type { OidcSignedInReply } from '@movieclub/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';
import { Card } from 'primereact/card';
import { Password } from 'primereact/password';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../api/client';
import { createAccountInstead, fetchPendingLink, linkAccount } from '../../api/oidc';
import { t } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import './oidc.css';

/**
 * Reached from the identity provider's callback when an account with the provider's name
 * already exists here: its password links the two (never without it), or a new account
 * is made under a free name.
 */
export function LinkAccountPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const pending = useQuery({ queryKey: ['oidc-pending'], queryFn: ({ signal }) => fetchPendingLink(signal), staleTime: Infinity });

  const done = async (reply: OidcSignedInReply) => {
    await refresh();
    navigate(reply.return_to, { replace: true });
  };
  const link = useMutation({ mutationFn: linkAccount, onSuccess: done, onError: (failure) => setError(errorText(failure, t('The account could not be linked.'))) });
  const create = useMutation({ mutationFn: createAccountInstead, onSuccess: done, onError: (failure) => setError(errorText(failure, t('The account could not be created.'))) });

  const busy = link.isPending || create.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError('');
    link.mutate(password);
  };

  if (pending.isPending) return null;
  if (pending.isLoadingError) {
    return (
      <div className="credentials-page">
        <Card title={t('Link your account')} className="credentials-card" pt={{ title: { 'aria-level': 2 } }}>
          <p role="status">
            <strong>{errorText(pending.error, t('This sign-in could not be found.'))}</strong>
          </p>
          <p className="credentials-switch">
            <Link to="/login">{t('Back to the login page')}</Link>
          </p>
        </Card>
      </div>
    );
  }

  const { username } = pending.data;
  return (
    <div className="credentials-page">
      <Card title={t('Link your account')} className="credentials-card link-account-card" pt={{ title: { 'aria-level': 2 } }}>
        <p>
          {t('An account named')} <strong>{username}</strong>{' '}
          {t('already exists here. If it is yours, enter its password once to link it: from then on, the identity provider signs you in to it.')}
        </p>
        <form onSubmit={submit} className="credentials-form" noValidate>
          <label htmlFor="link-password">{t('Password of {{username}}', { username })}</label>
          <Password
            inputId="link-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            toggleMask
            feedback={false}
            autoComplete="current-password"
            inputClassName="w-full"
            className="w-full"
            autoFocus
          />
          <div className="credentials-error" role="alert">
            {error}
          </div>
          <FocusKeepingButton type="submit" label={t('Link account')} busy={busy} />
        </form>
        <div className="oidc-choice">
          <p className="oidc-or" aria-hidden="true">
            <span>{t('or')}</span>
          </p>
          <FocusKeepingButton
            type="button"
            label={t('Create a new account instead')}
            severity="secondary"
            outlined
            busy={busy}
            onClick={() => {
              setError('');
              create.mutate();
            }}
          />
          <p className="credentials-switch">{t('Not {{username}}? A new account gets a name of its own, such as {{username}}2.', { username })}</p>
        </div>
      </Card>
    </div>
  );
}
