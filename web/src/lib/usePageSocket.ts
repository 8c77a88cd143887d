import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { t } from '../i18n';
import { loadIo, openSocket } from './socket';

/**
 * One socket for the page while it is shown, retried with backoff when lost. Returns
 * the socket once opened and the realtime problem to show ('Realtime connection
 * failed' while it cannot connect), or ''. Pages subscribe to their rooms on it.
 */
export function usePageSocket(onOpen?: (socket: Socket) => void): { socket: Socket | null; problem: string } {
  const [socket, setSocket] = useState<Socket | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let cancelled = false;
    let created: Socket | null = null;
    loadIo().then(
      (io) => {
        if (cancelled) return;
        try {
          created = openSocket(io);
        } catch {
          setProblem(t('Realtime init failed'));
          return;
        }
        created.on('connect', () => setProblem(''));
        created.on('connect_error', () => setProblem(t('Realtime connection failed')));
        onOpen?.(created);
        setSocket(created);
      },
      () => {
        if (!cancelled) setProblem(t('Realtime disabled (socket.io load failed)'));
      },
    );
    return () => {
      cancelled = true;
      created?.disconnect();
    };
    // Opened once per page: a changed callback does not reopen the socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { socket, problem };
}
