import { WATCHLIST_EVENTS, type WatchlistChangedEvent, type WatchlistErrorEvent, type WatchlistPickEvent } from '@movieclub/contract';
import { useEffect, useRef } from 'react';
import { usePageSocket } from '../../lib/usePageSocket';

export interface SocketHandlers {
  onPick(event: WatchlistPickEvent): void;
  onChanged(event: WatchlistChangedEvent): void;
}

/**
 * Keeps one socket for the page, subscribed to the selected list: init and
 * pick events update the picker, changed events reload the list. Switching
 * lists unsubscribes from the previous one. A lost connection is retried with
 * backoff and every (re)connect subscribes again. Returns the realtime problem
 * to show ('Realtime connection failed' while it cannot connect), or ''.
 */
export function useWatchlistSocket(listId: number | null, handlers: SocketHandlers): string {
  const { socket, problem } = usePageSocket((created) =>
    created.on(WATCHLIST_EVENTS.error, (event: WatchlistErrorEvent) => console.warn('watchlist:error', event?.message)),
  );
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!socket || listId === null) return;
    const subscribe = () => socket.emit(WATCHLIST_EVENTS.subscribe, { watchlist_id: listId });
    const onPick = (event: WatchlistPickEvent) => {
      if (event?.watchlist_id === listId) handlersRef.current.onPick(event);
    };
    const onChanged = (event: WatchlistChangedEvent) => {
      if (event?.watchlist_id === listId) handlersRef.current.onChanged(event);
    };
    socket.on(WATCHLIST_EVENTS.init, onPick);
    socket.on(WATCHLIST_EVENTS.pick, onPick);
    socket.on(WATCHLIST_EVENTS.changed, onChanged);
    let connectedBefore = socket.connected;
    // Subscribing again after a reconnect restores the room and refreshes the pick;
    // the list and its movie nights are reloaded too, for changes made while the connection was down.
    const onConnect = () => {
      subscribe();
      if (connectedBefore) {
        handlersRef.current.onChanged({ watchlist_id: listId, what: 'items' });
        handlersRef.current.onChanged({ watchlist_id: listId, what: 'screenings' });
      }
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    if (socket.connected) subscribe();
    return () => {
      socket.emit(WATCHLIST_EVENTS.unsubscribe, { watchlist_id: listId });
      socket.off(WATCHLIST_EVENTS.init, onPick);
      socket.off(WATCHLIST_EVENTS.pick, onPick);
      socket.off(WATCHLIST_EVENTS.changed, onChanged);
      socket.off('connect', onConnect);
    };
  }, [socket, listId]);

  return problem;
}
