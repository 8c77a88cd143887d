import type { Invite } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { createInvite, fetchInvites, revokeInvite } from '../../api/admin';
import { errorText } from '../../api/client';
import { adminKeys, INVITE_LIMITS } from './AdminPage';
import { formatLocale, t } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { useFocusAfterRemoval } from '../../lib/useFocusAfterRemoval';

const when = (iso: string) => new Date(iso).toLocaleString(formatLocale(), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const stateLabels = (): Record<Invite['state'], string> => ({ unused: t('Unused'), used: t('Used'), expired: t('Expired') });

/**
 * Invitations: make a single-use link with an expiry, see which were used and by whom, revoke.
 * The site keeps only a hash of each link, so a link can be copied only in the session that made it.
 */
export function InvitationsSection() {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(INVITE_LIMITS.days);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  /** Links made on this page, by invitation id. */
  const [links, setLinks] = useState<Record<number, string>>({});
  const [latest, setLatest] = useState<number | null>(null);
  const linkField = useRef<HTMLInputElement>(null);
  /** Bumped when a copy failed: the link field then shows that link, selected for copying by hand. */
  const [selectRequest, setSelectRequest] = useState(0);
  useEffect(() => {
    if (selectRequest > 0) linkField.current?.select();
  }, [selectRequest]);
  const invites = useQuery({ queryKey: adminKeys.invites, queryFn: ({ signal }) => fetchInvites(signal), select: (reply) => reply.invites });
  const table = useRef<HTMLTableSectionElement>(null);
  // A revoked invitation's row goes: the focus goes to the next row's 'Revoke', or to the form.
  const focusAfter = useFocusAfterRemoval(
    invites.data?.map((invite) => invite.id),
    () => table.current?.querySelectorAll<HTMLButtonElement>('[data-revoke]') ?? [],
    () => document.getElementById('invite-note'),
  );
  // A new link takes the focus, selected, ready to copy.
  const [created, setCreated] = useState(0);
  useEffect(() => {
    if (created > 0) linkField.current?.focus();
  }, [created]);

  const create = useMutation({
    mutationFn: () => createInvite({ expires_in_days: days, note: note.trim() || null }),
    onSuccess: ({ invite }) => {
      setLinks((known) => ({ ...known, [invite.id]: invite.url }));
      setLatest(invite.id);
      setNote('');
      setMessage(t('Invitation created: send the link to the person you invite. It works once.'));
      setCreated((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: adminKeys.invites });
    },
    onError: (error) => setMessage(errorText(error, t('Could not create the invitation. Please try again.'))),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeInvite(id),
    onSuccess: () => {
      setMessage(t('Invitation revoked: its link no longer works.'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.invites });
    },
    onError: (error) => {
      focusAfter.kept();
      setMessage(errorText(error, t('Could not revoke the invitation. Please try again.')));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    if (!create.isPending) create.mutate();
  };
  const copyLink = async (id: number, link: string) => {
    if (await copyText(link)) return setMessage(t('Link copied.'));
    setLatest(id);
    setSelectRequest((count) => count + 1);
    setMessage(t('Selected: copy it with your keyboard.'));
  };
  const latestLink = latest === null ? null : links[latest];
  const states = stateLabels();

  return (
    <div className="admin-invitations">
      <form onSubmit={submit} className="admin-form admin-invite-form">
        <div className="admin-field admin-field-days">
          {/* The field keeps a number to its range as it is left: the label says the range first. */}
          <label htmlFor="invite-days">{t('Valid for (1–{{max}} days)', { max: INVITE_LIMITS.maxDays })}</label>
          <InputNumber inputId="invite-days" value={days} onValueChange={(e) => setDays(e.value ?? INVITE_LIMITS.days)} min={1} max={INVITE_LIMITS.maxDays} showButtons useGrouping={false} />
        </div>
        <div className="admin-field admin-field-grow">
          <label htmlFor="invite-note">{t('Note (optional)')}</label>
          <InputText id="invite-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={INVITE_LIMITS.noteMax} placeholder={t('Whom it is for')} />
        </div>
        {/* Not disabled while it works: that would drop the keyboard's focus. */}
        <Button type="submit" label={t('Create invitation')} icon="pi pi-plus" aria-busy={create.isPending} />
      </form>
      {latest !== null && latestLink && (
        <div className="admin-new-link">
          <label htmlFor="invite-link">{t('New invitation link')}</label>
          <div className="admin-link-row">
            <InputText id="invite-link" ref={linkField} value={latestLink} readOnly onFocus={(e) => e.target.select()} />
            <Button type="button" label={t('Copy link')} icon="pi pi-copy" outlined onClick={() => void copyLink(latest, latestLink)} />
          </div>
        </div>
      )}
      <p className="admin-note" role="status">
        {message}
      </p>
      {invites.isLoadingError && <p role="alert">{t('Could not load the invitations. Please try again.')}</p>}
      {invites.data && invites.data.length === 0 && <p className="admin-empty">{t('No invitations yet.')}</p>}
      {invites.data && invites.data.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t('Invitations, newest first')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Note')}</th>
                <th scope="col">{t('State')}</th>
                <th scope="col">{t('Created')}</th>
                <th scope="col">{t('Expires')}</th>
                <th scope="col">{t('Used by')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody ref={table}>
              {invites.data.map((invite, index) => {
                const link = links[invite.id];
                return (
                  <tr key={invite.id}>
                    <td>{invite.note ?? <span className="admin-muted">{t('No note')}</span>}</td>
                    <td>
                      <span className={`admin-state admin-state-${invite.state}`}>{states[invite.state]}</span>
                    </td>
                    <td>{when(invite.created_at)}</td>
                    <td>{when(invite.expires_at)}</td>
                    <td>{invite.state === 'used' ? (invite.used_by ?? t('A deleted account')) : '—'}</td>
                    <td className="admin-row-actions">
                      {link && invite.state === 'unused' && (
                        <Button
                          type="button"
                          label={t('Copy link')}
                          icon="pi pi-copy"
                          size="small"
                          text
                          onClick={() => void copyLink(invite.id, link)}
                          aria-label={invite.note === null ? t('Copy link for the invitation made {{date}}', { date: when(invite.created_at) }) : t('Copy link for {{note}}', { note: invite.note })}
                        />
                      )}
                      <Button
                        type="button"
                        label={t('Revoke')}
                        icon="pi pi-trash"
                        size="small"
                        severity="danger"
                        text
                        data-revoke
                        aria-busy={revoke.isPending && revoke.variables === invite.id}
                        onClick={() => {
                          if (revoke.isPending) return;
                          focusAfter.removing(invite.id, index);
                          revoke.mutate(invite.id);
                        }}
                        aria-label={invite.note === null ? t('Revoke the invitation made {{date}}', { date: when(invite.created_at) }) : t('Revoke the invitation {{note}}', { note: invite.note })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-hint">{t('Links can be copied only right after they are made: the site keeps no readable copy.')}</p>
    </div>
  );
}
