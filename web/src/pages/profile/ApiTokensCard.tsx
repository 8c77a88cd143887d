import { API_TOKEN_NAME_MAX, type ApiToken, type ApiTokenScope } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { apiTokensKey, createApiToken, fetchApiTokens, revokeApiToken } from '../../api/tokens';
import { dropdownNames } from '../../components/a11y';
import { TimeAgo } from '../../components/TimeAgo';
import { formatLocale, t } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { localDateValue } from '../../lib/screeningTime';
import { useFocusAfterRemoval } from '../../lib/useFocusAfterRemoval';
import './apiTokens.css';

const scopes = (): { label: string; value: ApiTokenScope }[] => [
  { label: t('Read only'), value: 'read' },
  { label: t('Read and write'), value: 'read-write' },
];
const scopeLabel = (scope: ApiTokenScope) => scopes().find((option) => option.value === scope)?.label ?? scope;

const day = (iso: string) => new Date(iso).toLocaleDateString(formatLocale(), { year: 'numeric', month: 'short', day: 'numeric' });

/** The token stops working at the end of the chosen day ('2026-12-31'), in the browser's time zone. */
function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 23, 59, 59).toISOString();
}


function expiryText(token: ApiToken, now: number): string {
  if (!token.expires_at) return t('Never');
  return Date.parse(token.expires_at) <= now ? t('Expired {{date}}', { date: day(token.expires_at) }) : day(token.expires_at);
}

/** The token just made, shown this once with a Copy button. */
function NewToken({ name, token, onDone }: { name: string; token: string; onDone(): void }) {
  const ids = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);
  // Made by 'Create token', whose press the panel answers: the focus goes to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    if (await copyText(token)) return setCopied('yes');
    field.current?.select();
    setCopied('select');
  };
  return (
    <section className="api-token-new" aria-labelledby={`${ids}-heading`}>
      <h4 id={`${ids}-heading`} className="api-token-new-heading" ref={heading} tabIndex={-1}>
        {t('Your new token “{{name}}”', { name })}
      </h4>
      <label htmlFor={`${ids}-token`} className="api-token-label">
        {t('Token')}
      </label>
      <div className="api-token-copy">
        <InputText id={`${ids}-token`} ref={field} value={token} readOnly className="api-token-value" onFocus={(event) => event.target.select()} />
        <Button type="button" label={t('Copy')} icon="pi pi-copy" onClick={() => void copy()} />
      </div>
      <p className="api-token-warning">{t('Copy it now and keep it somewhere safe: it will not be shown again.')}</p>
      <p className="api-token-copied" role="status">
        {copied === 'yes' ? t('Copied to the clipboard.') : copied === 'select' ? t('The token is selected: copy it with your keyboard.') : ''}
      </p>
      <Button type="button" label={t('Done')} text size="small" onClick={onDone} />
    </section>
  );
}

function TokenRow({ token, now, onRevoked }: { token: ApiToken; now: number; onRevoked(): void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiToken(token.id),
    onSuccess: onRevoked,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
  const confirmRevoke = () => {
    if (!revoke.isPending && window.confirm(t('Revoke the token “{{name}}”? Scripts using it stop working at once.', { name: token.name }))) revoke.mutate();
  };
  return (
    <li className="api-token">
      <div className="api-token-head">
        <span className="api-token-name">{token.name}</span>
        <span className={`api-token-scope api-token-scope-${token.scope}`}>{scopeLabel(token.scope)}</span>
      </div>
      <dl className="api-token-facts">
        <div>
          <dt>{t('Created')}</dt>
          <dd>{day(token.created_at)}</dd>
        </div>
        <div>
          <dt>{t('Expires')}</dt>
          <dd>{expiryText(token, now)}</dd>
        </div>
        <div>
          <dt>{t('Last used')}</dt>
          <dd>{token.last_used_at ? <TimeAgo iso={token.last_used_at} /> : t('Never used')}</dd>
        </div>
      </dl>
      <Button
        type="button"
        label={t('Revoke')}
        aria-label={t('Revoke {{name}}', { name: token.name })}
        icon="pi pi-trash"
        severity="danger"
        outlined
        size="small"
        data-revoke
        aria-busy={revoke.isPending}
        onClick={confirmRevoke}
      />
      {revoke.isError && (
        <p className="api-token-error" role="alert">
          {errorText(revoke.error, t('Could not revoke the token. Please try again.'))}
        </p>
      )}
    </li>
  );
}

/** On one's own profile: personal API tokens for scripts, made, listed and revoked here. */
export default function ApiTokensCard() {
  const ids = useId();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokensKey, queryFn: ({ signal }) => fetchApiTokens(signal) });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  // The browser's own date field: typed or picked, by keyboard as well as by pointer ('' for never).
  const [expires, setExpires] = useState('');
  const [problem, setProblem] = useState('');
  const [created, setCreated] = useState<{ id: number; name: string; token: string } | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const tokenList = useRef<HTMLUListElement>(null);

  const create = useMutation({
    mutationFn: () => createApiToken({ name: name.trim(), scope, expires_at: expires ? endOfDay(expires) : null }),
    onSuccess: (reply) => {
      setCreated({ id: reply.id, name: name.trim(), token: reply.token });
      setName('');
      setExpires('');
      void queryClient.invalidateQueries({ queryKey: apiTokensKey });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(t('Give the token a name, so you know later what it is for.'));
      return;
    }
    setProblem('');
    if (!create.isPending) create.mutate();
  };

  const now = Date.now();
  const list = tokens.data?.tokens ?? [];
  // A revoked token's row goes once the list is read again: the focus goes to the next 'Revoke', or to the form.
  const focusAfter = useFocusAfterRemoval(
    tokens.data?.tokens.map((token) => token.id),
    () => tokenList.current?.querySelectorAll<HTMLButtonElement>('[data-revoke]') ?? [],
    () => nameField.current,
  );
  const error = problem || (create.isError ? errorText(create.error, t('Could not create the token. Please try again.')) : '');

  return (
    <Card title={t('API tokens')} className="api-tokens">
      <p className="api-tokens-intro">
        {t('A token lets your own scripts call this site’s API as you, with the header')} <code>Authorization: Bearer &lt;token&gt;</code>.{' '}
        {t('A read-only token can only read; no token can create or revoke tokens.')}
      </p>

      {created && (
        <NewToken
          key={created.id}
          name={created.name}
          token={created.token}
          onDone={() => {
            setCreated(null);
            nameField.current?.focus();
          }}
        />
      )}

      <form className="api-token-form" onSubmit={submit} aria-label={t('Create an API token')}>
        <div className="api-token-field">
          <label htmlFor={`${ids}-name`}>{t('Name')}</label>
          <InputText id={`${ids}-name`} ref={nameField} value={name} maxLength={API_TOKEN_NAME_MAX} placeholder={t('e.g. Home server script')} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="api-token-field">
          <label htmlFor={`${ids}-scope`}>{t('Access')}</label>
          <Dropdown inputId={`${ids}-scope`} value={scope} options={scopes()} onChange={(event) => setScope(event.value as ApiTokenScope)} pt={dropdownNames(t('Access'))} />
        </div>
        <div className="api-token-field">
          <label htmlFor={`${ids}-expires`}>{t('Expires (optional)')}</label>
          <InputText id={`${ids}-expires`} type="date" value={expires} min={localDateValue(new Date())} onChange={(event) => setExpires(event.target.value)} />
        </div>
        <Button type="submit" label={t('Create token')} icon="pi pi-key" aria-busy={create.isPending} className="api-token-create" />
      </form>
      {error && (
        <p className="api-token-error" role="alert">
          {error}
        </p>
      )}

      {tokens.isPending ? (
        <p>{t('Loading your tokens...')}</p>
      ) : tokens.isLoadingError ? (
        <p className="api-token-error" role="alert">
          {errorText(tokens.error, t('Could not load your tokens.'))}
        </p>
      ) : list.length === 0 ? (
        <p className="api-tokens-empty">{t('You have no API tokens.')}</p>
      ) : (
        <ul className="api-token-list" aria-label={t('Your API tokens')} ref={tokenList}>
          {list.map((token, index) => (
            <TokenRow
              key={token.id}
              token={token}
              now={now}
              onRevoked={() => {
                focusAfter.removing(token.id, index);
                // A revoked token is of no use to copy: its 'Your new token' panel goes with it.
                setCreated((shown) => (shown?.id === token.id ? null : shown));
              }}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
