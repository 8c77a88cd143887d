import { NOTIFICATION_EVENTS, type NotificationsChangedEvent } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { markNotificationsRead, fetchNotifications } from '../api/notifications';
import { queryKeys } from '../api/queryKeys';
import { t } from '../i18n';
import { useSession } from '../session/SessionProvider';
import { showUnreadInTitle, unreadCountText } from './documentTitle';
import { noticeText } from './noticeText';
import { OlderPagesButton } from '../components/OlderPagesButton';
import { TimeAgo } from '../components/TimeAgo';
import { UserAvatar } from '../components/UserAvatar';
import { useCursorPages } from '../lib/useCursorPages';
import { usePageSocket } from '../lib/usePageSocket';
import { NOTIFICATION_SETTINGS_ANCHOR } from '../pages/profile/notificationSettingsAnchor';
import './notifications.css';

/**
 * The header's bell: the unread count, kept live over the socket (a notification made on
 * any server process arrives at once), and the newest notifications in a panel. Opening
 * one marks it read; 'Mark all read' marks the rest; 'Older notifications' pages back; 'Settings'
 * leads to the member's choice of kinds.
 */
export function NotificationBell({ username }: { username: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const bellList = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const notifications = useCursorPages({
    queryKey: queryKeys.notifications,
    fetchPage: (before: number | undefined, signal) => fetchNotifications(before, signal),
    nextCursor: (page) => page.next_before,
  });
  const { socket } = usePageSocket();
  // A movie's page listens on it too.
  const { shareSocket } = useSession();
  useEffect(() => {
    shareSocket(socket);
    return () => shareSocket(null);
  }, [socket, shareSocket]);
  useEffect(() => {
    if (!socket) return;
    const onChanged = (_event: NotificationsChangedEvent) => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    socket.on(NOTIFICATION_EVENTS.changed, onChanged);
    // Notifications that came while the connection was down.
    socket.on('connect', onChanged as () => void);
    return () => {
      socket.off(NOTIFICATION_EVENTS.changed, onChanged);
      socket.off('connect', onChanged as () => void);
    };
  }, [socket, queryClient]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
      // Closed from the keyboard inside it, the panel hands the focus back to the bell.
      if (event instanceof KeyboardEvent && event.key === 'Escape' && root.current?.contains(document.activeElement)) {
        root.current.querySelector<HTMLButtonElement>('.bell-button')?.focus();
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const read = useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });

  const unread = notifications.data?.pages[0].unread ?? 0;
  useEffect(() => {
    showUnreadInTitle(unread);
    return () => showUnreadInTitle(0);
  }, [unread]);
  const list = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];
  const label = unread === 0 ? t('Notifications') : t('Notifications, {{unread}} unread', { unread });
  // A rise of the count while the page is open is said to screen readers too (not the count a page opens with).
  const [announcement, setAnnouncement] = useState('');
  const countSeen = useRef<number | null>(null);
  const loaded = notifications.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    if (countSeen.current !== null && unread > countSeen.current) setAnnouncement(label);
    countSeen.current = unread;
  }, [loaded, unread, label]);
  return (
    <div className="notification-bell" ref={root}>
      <button type="button" className="bell-button" aria-label={label} title={label} aria-expanded={open} aria-controls={open ? `${ids}-panel` : undefined} onClick={() => setOpen(!open)}>
        <i className="pi pi-bell" aria-hidden="true" />
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {unreadCountText(unread)}
          </span>
        )}
      </button>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
      {open && (
        <div className="bell-panel" id={`${ids}-panel`} role="region" aria-label={t('Notifications')}>
          <div className="bell-panel-head">
            <h2 ref={heading} tabIndex={-1}>
              {t('Notifications')}
            </h2>
            <div className="bell-panel-actions">
              {unread > 0 && (
                <button
                  type="button"
                  className="bell-mark-all link-button"
                  onClick={() =>
                    // The button goes with the last unread one: the focus goes to the panel's heading.
                    read.mutate(undefined, { onSuccess: () => heading.current?.focus() })
                  }
                >
                  {t('Mark all read')}
                </button>
              )}
              <Link to={`/user/profile/${encodeURIComponent(username)}#${NOTIFICATION_SETTINGS_ANCHOR}`} className="bell-settings" onClick={() => setOpen(false)}>
                {t('Settings')}
              </Link>
            </div>
          </div>
          {list.length === 0 ? (
            <p className="bell-empty">{t('Nothing yet. Comments, mentions, reactions and movie nights show up here.')}</p>
          ) : (
            <ul className="bell-list" ref={bellList}>
              {list.map((item) => (
                <li key={item.id} className={item.read ? 'bell-item' : 'bell-item bell-unread'}>
                  <Link
                    to={item.link}
                    onClick={() => {
                      setOpen(false);
                      if (!item.read) read.mutate([item.id]);
                    }}
                  >
                    {item.actor ? <UserAvatar username={item.actor.username} picture={item.actor.profile_picture} initial decorative /> : <i className="pi pi-star bell-system" aria-hidden="true" />}
                    <span className="bell-text">
                      {noticeText(item.text)}
                      <span className="bell-when">
                        <TimeAgo iso={item.created_at} />
                        {!item.read && <span className="visually-hidden"> {t('(unread)')}</span>}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <OlderPagesButton pages={notifications} list={bellList} label={t('Older notifications')} className="bell-older" />
        </div>
      )}
    </div>
  );
}
