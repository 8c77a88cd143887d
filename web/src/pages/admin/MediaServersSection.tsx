import {
  MEDIA_SERVER_NAME_MAX,
  MEDIA_SERVER_NAMES,
  MEDIA_SERVERS,
  type MediaServer,
  type MediaServerCounts,
  type MediaServerMapping,
  type MediaServerSecretReply,
  SCROBBLE_DEDUPE_HOURS,
  type ScrobbleIgnoreReason,
  type ViewingMember,
} from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { addMediaServerMapping, fetchMediaServers, mediaServersKey, removeMediaServerMapping, rotateMediaServerSecret } from '../../api/mediaServers';
import { dropdownNames } from '../../components/a11y';
import { MemberPicker } from '../../components/MemberPicker';
import { useSession } from '../../session/SessionProvider';
import { CopyField } from './CopyField';
import { t } from '../../i18n';
import { useFocusAfterRemoval } from '../../lib/useFocusAfterRemoval';
import './mediaServers.css';

const SERVER_OPTIONS = MEDIA_SERVERS.map((value) => ({ value, label: MEDIA_SERVER_NAMES[value] }));

const reasonLabels = (): Record<ScrobbleIgnoreReason, string> => ({
  event: t('Not a finished play'),
  not_completed: t('Stopped before the end'),
  not_movie: t('Episode or other item'),
  no_imdb_id: t('No IMDb id'),
  unknown_title: t('IMDb id not in the index'),
  unmapped_user: t('User not linked'),
  duplicate: t('Already logged within {{hours}} hours', { hours: SCROBBLE_DEDUPE_HOURS }),
  unreadable: t('Unreadable'),
});

/** The new secret's three webhook addresses, shown once. */
function NewSecret({ reply, onDone }: { reply: MediaServerSecretReply; onDone(): void }) {
  const ids = useId();
  // Made by the press of 'Create secret' or 'Rotate secret': the focus goes to the new addresses.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={`${ids}-heading`} className="admin-form">
      <h4 id={`${ids}-heading`} className="admin-subheading" ref={heading} tabIndex={-1}>
        {t('Webhook addresses')}
      </h4>
      <p className="admin-hint">{t('Copy them now: the secret in them is not shown again. Rotating it again stops these addresses from working.')}</p>
      {MEDIA_SERVERS.map((server) => (
        <CopyField key={server} id={`${ids}-${server}`} label={MEDIA_SERVER_NAMES[server]} value={reply.webhook_urls[server]} />
      ))}
      <div className="admin-actions">
        <Button type="button" label={t('Done')} text size="small" onClick={onDone} />
      </div>
    </section>
  );
}

function MappingRow({ mapping, onRemoving, onKept }: { mapping: MediaServerMapping; onRemoving(): void; onKept(): void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeMediaServerMapping(mapping.id),
    onError: onKept,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaServersKey }),
  });
  return (
    <tr>
      <td>{MEDIA_SERVER_NAMES[mapping.server]}</td>
      <td>{mapping.external_name}</td>
      <td>{mapping.username}</td>
      <td className="admin-row-actions">
        <Button
          type="button"
          icon="pi pi-trash"
          label={t('Remove')}
          aria-label={t('Remove the link of {{server}} user {{name}}', { server: MEDIA_SERVER_NAMES[mapping.server], name: mapping.external_name })}
          severity="danger"
          outlined
          size="small"
          data-remove
          aria-busy={remove.isPending}
          onClick={() => {
            if (remove.isPending) return;
            onRemoving();
            remove.mutate();
          }}
        />
        {remove.isError && (
          <p className="admin-note" role="alert">
            {errorText(remove.error, t('Could not remove the link. Please try again.'))}
          </p>
        )}
      </td>
    </tr>
  );
}

/** Links a media-server user name to a member. */
function AddMapping({ id }: { id: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [server, setServer] = useState<MediaServer>('jellyfin');
  const [name, setName] = useState('');
  const [members, setMembers] = useState<ViewingMember[]>([]);
  const [note, setNote] = useState('');
  const member = members[members.length - 1] ?? null;

  const add = useMutation({
    mutationFn: () => addMediaServerMapping({ server, external_name: name.trim(), username: member!.username }),
    onSuccess: (reply) => {
      setNote(
        t('{{server}} user {{name}} is now linked to {{username}}.', {
          server: MEDIA_SERVER_NAMES[reply.mapping.server],
          name: reply.mapping.external_name,
          username: reply.mapping.username,
        }),
      );
      setName('');
      setMembers([]);
      void queryClient.invalidateQueries({ queryKey: mediaServersKey });
    },
    onError: (error) => setNote(errorText(error, t('Could not add the link. Please try again.'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNote(t('Give the user name on the media server.'));
    if (!member) return setNote(t('Choose the member.'));
    setNote('');
    if (!add.isPending) add.mutate();
  };

  return (
    <form id={id} className="admin-form admin-invite-form" onSubmit={submit} aria-label={t('Link a media-server user')}>
      <div className="admin-field">
        <label htmlFor={`${ids}-server`}>{t('Server')}</label>
        <Dropdown inputId={`${ids}-server`} value={server} options={SERVER_OPTIONS} onChange={(event) => setServer(event.value as MediaServer)} pt={dropdownNames(t('Server'))} />
      </div>
      <div className="admin-field admin-field-grow">
        <label htmlFor={`${ids}-name`}>{t('Media-server user')}</label>
        <InputText id={`${ids}-name`} value={name} maxLength={MEDIA_SERVER_NAME_MAX} placeholder={t('As the server spells it')} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="admin-field admin-field-grow">
        <label htmlFor={`${ids}-member`}>{t('Member')}</label>
        <MemberPicker inputId={`${ids}-member`} value={member ? [member] : []} onChange={(chosen) => setMembers(chosen.slice(-1))} placeholder={t('Type a name')} />
        {user && !member && (
          <Button type="button" link size="small" label={t('That is me')} className="admin-link-button" onClick={() => setMembers([{ username: user.username, profile_picture: user.profile_picture }])} />
        )}
      </div>
      {/* Not disabled while it works: that would drop the keyboard's focus. */}
      <Button type="submit" label={t('Link')} icon="pi pi-link" aria-busy={add.isPending} />
      <p className="admin-note" role="status">
        {note}
      </p>
    </form>
  );
}

/**
 * A table that scrolls sideways on a phone, its caption above the scrolling box: a <caption> is as
 * wide as its table, so on a phone it would be cut where the box ends.
 */
function ScrollingTable({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <>
      <p className="admin-caption" id={captionId}>
        {caption}
      </p>
      <div className="admin-table-wrap">
        <table className={className ? `admin-table ${className}` : 'admin-table'} aria-labelledby={captionId}>
          {children}
        </table>
      </div>
    </>
  );
}

function CountsTable({ counts }: { counts: Record<MediaServer, MediaServerCounts> }) {
  const reasons = reasonLabels();
  return (
    <ScrollingTable caption={t('Events received since the start')} className="admin-counts">
      <thead>
        <tr>
          <th scope="col">{t('Server')}</th>
          <th scope="col">{t('Received')}</th>
          <th scope="col">{t('Logged')}</th>
          <th scope="col">{t('Ignored')}</th>
        </tr>
      </thead>
      <tbody>
        {MEDIA_SERVERS.map((server) => {
          const entry = counts[server];
          const ignored = (Object.entries(entry.ignored) as [ScrobbleIgnoreReason, number][]).filter(([, count]) => count > 0);
          return (
            <tr key={server}>
              <th scope="row">{MEDIA_SERVER_NAMES[server]}</th>
              <td>{entry.received}</td>
              <td>{entry.recorded}</td>
              <td>{ignored.length === 0 ? t('None') : ignored.map(([reason, count]) => t('{{reason}}: {{n}}', { reason: reasons[reason], n: count })).join(', ')}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollingTable>
  );
}

/** Media servers on the admin page: the webhook secret, which media-server user is which member, and what arrived. */
export function MediaServersSection() {
  const ids = useId();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: mediaServersKey, queryFn: ({ signal }) => fetchMediaServers(signal) });
  const [created, setCreated] = useState<MediaServerSecretReply | null>(null);
  const rotate = useMutation({
    mutationFn: rotateMediaServerSecret,
    onSuccess: (reply) => {
      setCreated(reply);
      void queryClient.invalidateQueries({ queryKey: mediaServersKey });
    },
  });
  const secretSet = status.data?.secret_set ?? false;
  const mappingRows = useRef<HTMLTableSectionElement>(null);
  // A removed link's row goes: the focus goes to the next row's 'Remove', or to the form below.
  const focusAfter = useFocusAfterRemoval(
    status.data?.mappings.map((mapping) => mapping.id),
    () => mappingRows.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [],
    () => document.getElementById(`${ids}-add`)?.querySelector<HTMLElement>('input'),
  );
  const rotateButton = useRef<HTMLDivElement>(null);
  const confirmRotate = () => {
    if (rotate.isPending) return;
    if (!secretSet || window.confirm(t('Replace the webhook secret? Media servers using the old addresses stop logging until you give them the new ones.'))) rotate.mutate();
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="admin-form media-servers">
      <h3 id={`${ids}-title`} className="p-card-title">
        {t('Media servers')}
      </h3>
      <p className="admin-hint">
        {t('Jellyfin, Plex and Emby can tell this site when a linked member finishes a movie: it joins their diary on that day. Episodes, unlinked users and movies this site’s IMDb index does not know are ignored, and a movie already logged within {{hours}} hours is not logged again.', {
          hours: SCROBBLE_DEDUPE_HOURS,
        })}
      </p>

      {status.isPending ? (
        <p>{t('Loading the media-server settings...')}</p>
      ) : status.isLoadingError ? (
        <p role="alert">{errorText(status.error, t('Could not load the media-server settings. Please try again.'))}</p>
      ) : (
        <>
          <div className="admin-actions" ref={rotateButton}>
            <span>{secretSet ? t('A webhook secret is set.') : t('No webhook secret yet: media servers are refused until you create one.')}</span>
            <Button
              type="button"
              label={secretSet ? t('Rotate secret') : t('Create secret')}
              icon="pi pi-key"
              outlined={secretSet}
              aria-busy={rotate.isPending}
              onClick={confirmRotate}
            />
          </div>
          {rotate.isError && (
            <p className="admin-note" role="alert">
              {errorText(rotate.error, t('Could not create the secret. Please try again.'))}
            </p>
          )}
          {created && (
            <NewSecret
              key={created.secret}
              reply={created}
              onDone={() => {
                // The panel goes: the focus goes back to the button that made the secret.
                setCreated(null);
                rotateButton.current?.querySelector('button')?.focus();
              }}
            />
          )}

          <h4 className="admin-subheading">{t('Linked users')}</h4>
          {status.data.mappings.length === 0 ? (
            <p className="admin-empty admin-muted">{t('No media-server user is linked to a member yet.')}</p>
          ) : (
            <ScrollingTable caption={t('Media-server users and the members whose diaries they fill')}>
              <thead>
                <tr>
                  <th scope="col">{t('Server')}</th>
                  <th scope="col">{t('Media-server user')}</th>
                  <th scope="col">{t('Member')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody ref={mappingRows}>
                {status.data.mappings.map((mapping, index) => (
                  <MappingRow key={mapping.id} mapping={mapping} onRemoving={() => focusAfter.removing(mapping.id, index)} onKept={focusAfter.kept} />
                ))}
              </tbody>
            </ScrollingTable>
          )}
          <AddMapping id={`${ids}-add`} />

          <h4 className="admin-subheading">{t('Events')}</h4>
          <CountsTable counts={status.data.counts} />
        </>
      )}
    </section>
  );
}

export default MediaServersSection;
