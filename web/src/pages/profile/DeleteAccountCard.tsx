import { useMutation } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount } from '../../api/account';
import { errorText } from '../../api/client';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';
import { useSession } from '../../session/SessionProvider';
import { useOidcConfig } from '../login/OidcButton';
import { t } from '../../i18n';

/**
 * On one's own profile, last: deleting the account for good, after the password (or, where the
 * identity provider alone signs members in, the username typed out) and a last question.
 */
export default function DeleteAccountCard({ username }: { username: string }) {
  const oidc = useOidcConfig();
  const { logout } = useSession();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const byName = oidc.data?.enabled === true && oidc.data.only === true;
  const remove = useMutation({
    mutationFn: () => deleteAccount(byName ? { confirm_username: confirmation } : { password: confirmation }),
    // Signed out here as a logout does: everything read as the member goes with them.
    onSuccess: async () => {
      await logout();
      navigate('/', { replace: true });
    },
    onError: () => field.current?.focus(),
  });
  if (oidc.isPending) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!remove.isPending && window.confirm(t('Delete your account for good? This cannot be undone.'))) remove.mutate();
  };
  return (
    <Card title={t('Delete account')} className="profile-delete-account">
      <p className="profile-delete-text">
        {t('Your reviews and ratings, comments, reactions, diary, watchlist, imports and API tokens go for good. A public list you own passes to its longest-serving moderator; one without moderators goes with its movie nights. Export your data above first to keep a copy.')}
      </p>
      <form onSubmit={submit} className="profile-password-form" noValidate>
        <div className="profile-password-field">
          <label htmlFor="delete-account-confirmation">{byName ? t('Type {{name}} to confirm', { name: username }) : t('Your password')}</label>
          <InputText
            id="delete-account-confirmation"
            type={byName ? 'text' : 'password'}
            ref={field}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            autoComplete={byName ? 'off' : 'current-password'}
          />
        </div>
        <FocusKeepingButton type="submit" label={t('Delete my account')} severity="danger" icon="pi pi-trash" busy={remove.isPending} />
        <p className="profile-password-error" role="alert">
          {remove.isError ? errorText(remove.error, t('The account could not be deleted.')) : ''}
        </p>
      </form>
    </Card>
  );
}
