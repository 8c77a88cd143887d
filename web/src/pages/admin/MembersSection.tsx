import type { ViewingMember } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { removeMember } from '../../api/account';
import { errorText } from '../../api/client';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';
import { MemberPicker } from '../../components/MemberPicker';
import { useSession } from '../../session/SessionProvider';
import { t } from '../../i18n';

/** Removing a member (a spammer, or someone who asked) as if they had deleted their account themselves. */
export function MembersSection() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [chosen, setChosen] = useState<ViewingMember[]>([]);
  const [removed, setRemoved] = useState('');
  const member = chosen[0]?.username ?? '';
  const remove = useMutation({
    mutationFn: removeMember,
    onSuccess: (_reply, username) => {
      setRemoved(username);
      setChosen([]);
      // Their reviews, lists and names leave every screen.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    },
  });
  const submit = () => {
    if (!member || remove.isPending) return;
    setRemoved('');
    if (window.confirm(t('Remove {{name}} and everything only theirs? This cannot be undone.', { name: member }))) remove.mutate(member);
  };
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="admin-source">
        {t('Removing a member deletes their account as if they had: their reviews, comments, diary and lists go; a public list with moderators passes to the longest-serving one.')}
      </p>
      <div className="admin-field">
        <label htmlFor="admin-remove-member">{t('Member to remove')}</label>
        <MemberPicker
          inputId="admin-remove-member"
          value={chosen}
          onChange={(picked) => setChosen(picked.slice(-1))}
          exclude={user ? [user.username] : []}
          placeholder={t('Type a name')}
          panelClassName="admin-remove-member-panel"
        />
      </div>
      <FocusKeepingButton type="submit" label={t('Remove member')} severity="danger" icon="pi pi-trash" idle={!member} busy={remove.isPending} className="admin-remove-member" />
      <p className="admin-note admin-error" role="alert">
        {remove.isError ? errorText(remove.error, t('The member could not be removed.')) : ''}
      </p>
      <p className="admin-note" role="status">
        {removed ? t('{{name}} was removed.', { name: removed }) : ''}
      </p>
    </form>
  );
}
