import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { type FormEvent, useState } from 'react';
import { t } from '../i18n';
import { FocusKeepingButton } from './FocusKeepingButton';

interface CredentialsCardProps {
  /** t('Login') or t('Register'): the heading and the button, and which of the two forms this is. */
  title: string;
  /** Resolves with an error sentence to show, or null on success. */
  onSubmit(username: string, password: string): Promise<string | null>;
  footer?: React.ReactNode;
}

/** The centred Login / Register card: Username, Password with show/hide, an inline error line. */
export function CredentialsCard({ title, onSubmit, footer }: CredentialsCardProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The same ids and autofill hints in every language.
  const login = title === t('Login');
  const id = login ? 'login' : 'register';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const message = await onSubmit(username, password);
    setBusy(false);
    if (message) setError(message);
  };

  return (
    <div className="credentials-page">
      <Card title={title} className="credentials-card" pt={{ title: { 'aria-level': 2 } }}>
        <form onSubmit={submit} className="credentials-form" noValidate>
          <label htmlFor={`${id}-username`}>{t('Username')}</label>
          <InputText id={`${id}-username`} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoFocus />
          <label htmlFor={`${id}-password`}>{t('Password')}</label>
          <Password
            inputId={`${id}-password`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            toggleMask
            feedback={false}
            autoComplete={login ? 'current-password' : 'new-password'}
            inputClassName="w-full"
            className="w-full"
          />
          <div className="credentials-error" role="alert">
            {error}
          </div>
          <FocusKeepingButton type="submit" label={title} busy={busy} />
        </form>
        {footer}
      </Card>
    </div>
  );
}
