import type { NotificationKind, NotificationSettingsReply } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { errorText } from '../../api/client';
import { fetchNotificationSettings, setNotificationKind } from '../../api/notifications';
import { queryKeys } from '../../api/queryKeys';
import { SWITCH_PT } from '../../components/a11y';
import { t } from '../../i18n';
import { NOTIFICATION_SETTINGS_ANCHOR } from './notificationSettingsAnchor';


const labels = (): Record<NotificationKind, string> => ({
  comment: t('Comments on my reviews'),
  reply: t('Comments on reviews I commented on'),
  mention: t('Mentions of me'),
  reaction: t('Reactions to my reviews and comments'),
  screening: t('Movie nights: scheduled, moved, cancelled, and a reminder three hours ahead'),
  rating_prompt: t('A reminder to rate the movie of a night I came to'),
  viewing_tag: t('Being tagged in someone’s viewing'),
});

/** On one's own profile: which kinds of notification reach the bell. */
export default function NotificationSettingsCard() {
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const settings = useQuery({ queryKey: queryKeys.notificationSettings, queryFn: ({ signal }) => fetchNotificationSettings(signal) });
  const loaded = settings.isSuccess;
  // Arriving from the bell's link: the card is far down the page.
  useEffect(() => {
    if (loaded && location.hash === `#${NOTIFICATION_SETTINGS_ANCHOR}`) card.current?.scrollIntoView({ block: 'start' });
  }, [loaded, location.hash]);

  return (
    <div id={NOTIFICATION_SETTINGS_ANCHOR} ref={card} className="profile-notifications">
      <Card title={t('Notifications')}>
        <p className="profile-notifications-text">{t('Choose what reaches your bell. Turning a kind off stops new ones; those you have stay.')}</p>
        {settings.isPending ? (
          <p>{t('Loading...')}</p>
        ) : settings.isLoadingError ? (
          <p role="alert">{errorText(settings.error, t('Your notification settings could not be loaded.'))}</p>
        ) : (
          <ul className="profile-notification-kinds">
            {settings.data.kinds.map(({ kind, on }) => (
              <KindSwitch key={kind} kind={kind} on={on} label={labels()[kind]} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function KindSwitch({ kind, on, label }: { kind: NotificationKind; on: boolean; label: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (next: boolean) => setNotificationKind(kind, next),
    onSuccess: (reply) => queryClient.setQueryData<NotificationSettingsReply>(queryKeys.notificationSettings, reply),
  });
  const id = `notification-kind-${kind}`;
  return (
    <li className="profile-notification-kind">
      <InputSwitch inputId={id} checked={change.isPending ? change.variables : on} disabled={change.isPending} onChange={(event) => change.mutate(Boolean(event.value))} pt={SWITCH_PT} />
      <label htmlFor={id}>{label}</label>
      {change.isError ? (
        <small className="profile-notification-error" role="alert">
          {errorText(change.error, t('The setting could not be changed.'))}
        </small>
      ) : null}
    </li>
  );
}
