import type { ModeratorDetail, Watchlist } from '@movieclub/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { avatarOf, ownerAvatarOf } from '../../api/adapters';
import { addModerator, removeModerator } from '../../api/watchlists';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';
import { UserAvatar } from '../../components/UserAvatar';
import { t } from '../../i18n';
import { withBase } from '../../lib/basePath';
import { copyText } from '../../lib/clipboard';
import { useFocusAfterRemoval } from '../../lib/useFocusAfterRemoval';

export const COPY_CONFIRMATION_MS = 1500;

const AddressToCopy = lazy(() => import('../../components/AddressToCopy'));

interface ListInfoCardProps {
  list: Watchlist;
  onModeratorsChange(moderators: string[], detail: ModeratorDetail[]): void;
}

/** The Radarr import list of the list whose Stremio manifest is at `stremioPath` (the same list part, secret included). */
const radarrPathOf = (stremioPath: string) => stremioPath.replace(/\/stremio\/manifest\.json$/, '/radarr.json');

interface AddonAddress {
  app: string;
  address: string;
}

/** Copies one of the list's addresses for another app, and says 'Copied!' for a moment; where it cannot, hands the address over to copy by hand. */
function CopyAddressButton({ path, label, tooltip, className, onRefused }: { path: string; label: string; tooltip: string; className: string; onRefused(address: AddonAddress): void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    const address = window.location.origin + withBase(path);
    if (!(await copyText(address))) return onRefused({ app: label, address });
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };
  return (
    <Button
      type="button"
      className={className}
      icon={copied ? 'pi pi-check' : 'pi pi-copy'}
      label={copied ? t('Copied!') : label}
      severity="secondary"
      size="small"
      onClick={() => void copy()}
      tooltip={tooltip}
    />
  );
}

/** Adds or removes a moderator; the reply's lists replace the shown ones. Failures are swallowed (spec section 8). */
function useModeratorChange(listId: number, onChange: ListInfoCardProps['onModeratorsChange'], change: typeof addModerator) {
  return useMutation({
    mutationFn: (username: string) => change(listId, username),
    onSuccess: (reply) => onChange(reply.moderators, reply.moderators_detail),
    onError: () => undefined,
  });
}

function ModeratorForm({ listId, inputId, onChange }: { listId: number; inputId: string; onChange: ListInfoCardProps['onModeratorsChange'] }) {
  const [username, setUsername] = useState('');
  const add = useModeratorChange(listId, onChange, addModerator);
  const busy = add.isPending;
  const name = username.trim();
  const submit = () => {
    if (!name || busy) return;
    // The emptied field turns its button off: the focus goes back to the field, ready for the next name.
    add.mutate(name, {
      onSuccess: () => {
        setUsername('');
        document.getElementById(inputId)?.focus();
      },
    });
  };
  return (
    <form
      className="moderator-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <InputText id={inputId} value={username} onChange={(event) => setUsername(event.target.value)} placeholder={t('Add moderator by username')} aria-label={t('Add moderator by username')} />
      <FocusKeepingButton type="submit" label={busy ? t('Adding...') : t('Add Moderator')} busy={busy} idle={!name} size="small" />
    </form>
  );
}

/** Owner, list name, the Stremio and Radarr addresses and the moderators. */
export function ListInfoCard({ list, onModeratorsChange }: ListInfoCardProps) {
  const manages = list.permissions.manage_moderators;
  const removal = useModeratorChange(list.id, onModeratorsChange, removeModerator);
  const inputId = useId();
  const moderatorList = useRef<HTMLUListElement>(null);
  // A removed moderator takes their button with it: the focus goes to the next one's, or to the field.
  const focusAfter = useFocusAfterRemoval(
    list.moderators_detail.map((moderator) => moderator.username),
    () => moderatorList.current?.querySelectorAll<HTMLButtonElement>('button') ?? [],
    () => document.getElementById(inputId),
  );
  const remove = (username: string, index: number) => {
    if (!username.trim() || removal.isPending) return;
    focusAfter.removing(username, index);
    removal.mutate(username.trim(), { onError: focusAfter.kept });
  };
  // Counted so that each refused press shows the field anew, selected again.
  const [refused, setRefused] = useState<(AddonAddress & { press: number }) | null>(null);
  const refuse = (address: AddonAddress) => setRefused((last) => ({ ...address, press: (last?.press ?? 0) + 1 }));
  return (
    <Card className="list-info-card">
      <div className="list-owner">
        <Link to={`/user/profile/${encodeURIComponent(list.owner_username)}`} className="list-owner-link" aria-label={t("{{username}}'s profile", { username: list.owner_username })}>
          <UserAvatar username={list.owner_username} picture={ownerAvatarOf(list)} size="large" initial />
        </Link>
        <div>
          <h2 className="list-name">{list.is_personal ? t('My Watchlist') : list.name}</h2>
          <Link to={`/user/profile/${encodeURIComponent(list.owner_username)}`} className="list-owner-name">
            {list.owner_username}
          </Link>
        </div>
      </div>
      <div className="addon-buttons">
        <CopyAddressButton path={list.stremio_path} label="Stremio" tooltip={t('Copy the Stremio add-on address')} className="stremio-button" onRefused={refuse} />
        <CopyAddressButton path={radarrPathOf(list.stremio_path)} label="Radarr" tooltip={t('Copy the address Radarr imports this list from')} className="radarr-button" onRefused={refuse} />
      </div>
      {refused && (
        <Suspense fallback={null}>
          <AddressToCopy key={refused.press} label={t('{{app}} address', { app: refused.app })} address={refused.address} />
        </Suspense>
      )}
      <ul className="moderator-list" aria-label={t('Moderators')} ref={moderatorList}>
        {list.moderators_detail.map((moderator, index) => (
          <li key={moderator.username} className="moderator">
            <UserAvatar username={moderator.username} picture={avatarOf(moderator)} initial decorative />
            <Link to={`/user/profile/${encodeURIComponent(moderator.username)}`}>{moderator.username}</Link>
            {manages && (
              <Button
                type="button"
                icon="pi pi-times"
                text
                rounded
                size="small"
                aria-label={t('Remove moderator {{username}}', { username: moderator.username })}
                onClick={() => remove(moderator.username, index)}
              />
            )}
          </li>
        ))}
      </ul>
      {manages && <ModeratorForm listId={list.id} inputId={inputId} onChange={onModeratorsChange} />}
    </Card>
  );
}
