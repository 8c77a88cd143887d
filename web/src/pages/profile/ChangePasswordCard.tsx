import { PASSWORD_MIN } from '@movieclub/contract';
import { useMutation } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useRef, useState } from 'react';
import { changePassword } from '../../api/account';
import { errorText } from '../../api/client';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';
import { useOidcConfig } from '../login/OidcButton';
import { t } from '../../i18n';

/**
 * On one's own profile: a new password for the current one (plain password boxes: the login
 * card's show/hide control would split PrimeReact's Password into a chunk every first visit names). The server checks both (the rules
 * of registering for the new one); other devices are signed out. Not shown where members sign
 * in through the identity provider only.
 */
export default function ChangePasswordCard() {
  const oidc = useOidcConfig();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const currentField = useRef<HTMLInputElement>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
    // A wrong current password is the likeliest mistake: it is typed again from the start.
    onError: () => currentField.current?.focus(),
  });
  if (oidc.data?.enabled && oidc.data.only) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!change.isPending) change.mutate({ current_password: current, new_password: next });
  };
  return (
    <Card title={t('Change password')} className="profile-password">
      <form onSubmit={submit} className="profile-password-form" noValidate>
        <div className="profile-password-field">
          <label htmlFor="current-password">{t('Current password')}</label>
          <InputText id="current-password" type="password" ref={currentField} value={current} onChange={(event) => setCurrent(event.target.value)} autoComplete="current-password" />
        </div>
        <div className="profile-password-field">
          <label htmlFor="new-password">{t('New password')}</label>
          <InputText
            id="new-password"
            type="password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            autoComplete="new-password"
            aria-describedby="new-password-hint"
          />
          <small id="new-password-hint">{t('At least {{min}} characters.', { min: PASSWORD_MIN })}</small>
        </div>
        <FocusKeepingButton type="submit" label={t('Change password')} busy={change.isPending} className="profile-password-submit" />
        <div className="profile-password-messages">
          <p className="profile-password-error" role="alert">
            {change.isError ? errorText(change.error, t('The password could not be changed.')) : ''}
          </p>
          <p className="profile-password-done" role="status">
            {change.isSuccess ? t('Your password was changed. Your other devices are signed out.') : ''}
          </p>
        </div>
      </form>
    </Card>
  );
}
