import { API_TOKEN_NAME_MAX, type ApiToken, type ApiTokenScope } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { apiTokensKey, createApiToken, fetchApiTokens, revokeApiToken } from '../../api/tokens';
import { dropdownNames } from '../../components/a11y';
import { TimeAgo } from '../../components/TimeAgo';
import { formatLocale, t } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import './apiTokens.css';

const scopes = (): { label: string; value: ApiTokenScope }[] => [
  { label: t('Read only'), value: 'read' },
  { label: t('Read and write'), value: 'read-write' },
];
const scopeLabel = (scope: ApiTokenScope) => scopes().find((option) => option.value === scope)?.label ?? scope;

const day = (iso: string) => new Date(iso).toLocaleDateString(formatLocale(), { year: 'numeric', month: 'short', day: 'numeric' });

/** The token stops working at the end of the chosen day, in the browser's time zone. */
function endOfDay(date: Date): string {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59).toISOString();
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
  const copy = async () => {
    if (await copyText(token)) return setCopied('yes');
    field.current?.select();
    setCopied('select');
  };
  return (
    <section className="api-token-new" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} className="api-token-new-heading">
        {t('Your new token “{{name}}”', { name })}
      </h3>
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

function TokenRow({ token, now, onRevoked }: { token: ApiToken; now: number; onRevoked(id: number): void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiToken(token.id),
    onSuccess: () => onRevoked(token.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
  const confirmRevoke = () => {
    if (window.confirm(t('Revoke the token “{{name}}”? Scripts using it stop working at once.', { name: token.name }))) revoke.mutate();
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
        loading={revoke.isPending}
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
  const [expires, setExpires] = useState<Date | null>(null);
  const [problem, setProblem] = useState('');
  const [created, setCreated] = useState<{ id: number; name: string; token: string } | null>(null);

  const create = useMutation({
    mutationFn: () => createApiToken({ name: name.trim(), scope, expires_at: expires ? endOfDay(expires) : null }),
    onSuccess: (reply) => {
      setCreated({ id: reply.id, name: name.trim(), token: reply.token });
      setName('');
      setExpires(null);
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
    create.mutate();
  };

  const now = Date.now();
  const today = new Date();
  const list = tokens.data?.tokens ?? [];
  const error = problem || (create.isError ? errorText(create.error, t('Could not create the token. Please try again.')) : '');

  return (
    <Card title={t('API tokens')} className="api-tokens">
      <p className="api-tokens-intro">
        {t('A token lets your own scripts call this site’s API as you, with the header')} <code>Authorization: Bearer &lt;token&gt;</code>.{' '}
        {t('A read-only token can only read; no token can create or revoke tokens.')}
      </p>

      {created && <NewToken name={created.name} token={created.token} onDone={() => setCreated(null)} />}

      <form className="api-token-form" onSubmit={submit} aria-label={t('Create an API token')}>
        <div className="api-token-field">
          <label htmlFor={`${ids}-name`}>{t('Name')}</label>
          <InputText id={`${ids}-name`} value={name} maxLength={API_TOKEN_NAME_MAX} placeholder={t('e.g. Home server script')} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="api-token-field">
          <label htmlFor={`${ids}-scope`}>{t('Access')}</label>
          <Dropdown inputId={`${ids}-scope`} value={scope} options={scopes()} onChange={(event) => setScope(event.value as ApiTokenScope)} pt={dropdownNames(t('Access'))} />
        </div>
        <div className="api-token-field">
          <label htmlFor={`${ids}-expires`}>{t('Expires (optional)')}</label>
          <Calendar
            inputId={`${ids}-expires`}
            value={expires}
            onChange={(event) => setExpires((event.value as Date | null | undefined) ?? null)}
            minDate={today}
            dateFormat="yy-mm-dd"
            placeholder={t('Never')}
            showIcon
            showButtonBar
            readOnlyInput
          />
        </div>
        <Button type="submit" label={t('Create token')} icon="pi pi-key" loading={create.isPending} className="api-token-create" />
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
        <ul className="api-token-list" aria-label={t('Your API tokens')}>
          {list.map((token) => (
            // A revoked token is of no use to copy: its 'Your new token' panel goes with it.
            <TokenRow key={token.id} token={token} now={now} onRevoked={(id) => setCreated((shown) => (shown?.id === id ? null : shown))} />
          ))}
        </ul>
      )}
    </Card>
  );
}
