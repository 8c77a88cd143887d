import { type AdminSettings, isWebhookUrl, WEBHOOK_FORMATS, type WebhookFormatName, type WebhookTestReply } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { type FormEvent, useState } from 'react';
import { saveAdminSettings, sendWebhookTest } from '../../api/admin';
import { errorText } from '../../api/client';
import { adminKeys } from './AdminPage';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';
import { t, tServer } from '../../i18n';

const FORMAT_LABELS: Record<WebhookFormatName, string> = { discord: 'Discord', ntfy: 'ntfy' };
const FORMAT_OPTIONS = WEBHOOK_FORMATS.map((value) => ({ value, label: FORMAT_LABELS[value] }));

/** Where club events (new members, reviews, movie nights) are posted: a Discord webhook or an ntfy topic. */
export function WebhookSection({ settings }: { settings: AdminSettings }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(settings.webhook.url ?? '');
  const [format, setFormat] = useState<WebhookFormatName>(settings.webhook.format);
  const [note, setNote] = useState('');
  const [tested, setTested] = useState<WebhookTestReply | null>(null);

  const saved = (reply: Awaited<ReturnType<typeof saveAdminSettings>>, sentence: string) => {
    queryClient.setQueryData(adminKeys.settings, reply);
    setUrl(reply.webhook.url ?? '');
    setFormat(reply.webhook.format);
    setNote(sentence);
  };
  const save = useMutation({
    mutationFn: () => saveAdminSettings({ webhook_url: url.trim(), webhook_format: format }),
    onSuccess: (reply) => saved(reply, t('Outgoing notifications saved.')),
    onError: (error) => setNote(errorText(error, t('Could not save. Please try again.'))),
  });
  const reset = useMutation({
    mutationFn: () => saveAdminSettings({ webhook_url: null }),
    onSuccess: (reply) => {
      saved(reply, t("Back to the server's own setting."));
      // The button goes with the page's own setting: the focus goes to the address it restored.
      document.getElementById('webhook-url')?.focus();
    },
    onError: (error) => setNote(errorText(error, t('Could not save. Please try again.'))),
  });
  const test = useMutation({
    mutationFn: sendWebhookTest,
    onMutate: () => setTested(null),
    onSuccess: (reply) => setTested(reply),
    onError: (error) => setNote(errorText(error, t('Could not send the test message. Please try again.'))),
  });

  const trimmed = url.trim();
  const invalid = trimmed !== '' && !isWebhookUrl(trimmed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    if (!trimmed || invalid) {
      setNote(t('The webhook address must be a full http or https address.'));
      return;
    }
    if (!save.isPending) save.mutate();
  };
  const changed = trimmed !== (settings.webhook.url ?? '') || format !== settings.webhook.format;

  return (
    <form onSubmit={submit} className="admin-form">
      <p className="admin-hint">{t("New members, reviews and movie nights are posted to a Discord channel's webhook or an ntfy topic.")}</p>
      <div className="admin-field">
        <label htmlFor="webhook-url">{t('Webhook address')}</label>
        <InputText
          id="webhook-url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('https://discord.com/api/webhooks/… or https://ntfy.sh/your-topic')}
          invalid={invalid}
          aria-invalid={invalid}
          aria-describedby="webhook-source"
          inputMode="url"
        />
      </div>
      <div className="admin-field">
        <span id="webhook-format-label">{t('Format')}</span>
        <SelectButton value={format} options={FORMAT_OPTIONS} onChange={(e) => e.value && setFormat(e.value as WebhookFormatName)} allowEmpty={false} aria-labelledby="webhook-format-label" />
      </div>
      <p className="admin-source" id="webhook-source">
        {settings.webhook.from === 'admin'
          ? t('Set on this page; it replaces the WEBHOOK_URL setting of the server.')
          : settings.webhook.url
            ? t('From the WEBHOOK_URL setting of the server, until you save here.')
            : t('No webhook is set: club events are not posted anywhere.')}
      </p>
      <div className="admin-actions">
        <FocusKeepingButton type="submit" label={t('Save')} icon="pi pi-check" busy={save.isPending} idle={!changed} />
        <FocusKeepingButton type="button" label={t('Send test message')} icon="pi pi-send" outlined busy={test.isPending} idle={!settings.webhook.url || changed} onClick={() => test.mutate()} />
        {settings.webhook.from === 'admin' && (
          <FocusKeepingButton type="button" label={t("Use the server's setting")} icon="pi pi-undo" text busy={reset.isPending} onClick={() => reset.mutate()} />
        )}
      </div>
      <p className="admin-note" role="status">
        {note}
      </p>
      {/* A status already: the message inside is not an alert of its own, or it is read twice. */}
      <div role="status" aria-live="polite">
        {tested && <Message role="none" severity={tested.accepted ? 'success' : 'error'} text={tServer(tested.message)} className="admin-test-result" />}
      </div>
    </form>
  );
}
