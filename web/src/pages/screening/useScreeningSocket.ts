import { SCREENING_EVENTS, type ScreeningErrorEvent, type ScreeningUpdateEvent } from '@movieclub/contract';
import { useEffect, useRef } from 'react';
import { usePageSocket } from '../../lib/usePageSocket';

/**
 * Keeps the page subscribed to its screening's room: every `screening:update` (and
 * the `screening:init` after each (re)connect, for changes missed while away) is
 * handed over. Returns the realtime problem to show, or ''.
 */
export function useScreeningSocket(screeningId: number | null, onUpdate: (event: ScreeningUpdateEvent) => void): string {
  const { socket, problem } = usePageSocket((created) =>
    created.on(SCREENING_EVENTS.error, (event: ScreeningErrorEvent) => console.warn('screening:error', event?.message)),
  );
  const handler = useRef(onUpdate);
  useEffect(() => {
    handler.current = onUpdate;
  });

  useEffect(() => {
    if (!socket || screeningId === null) return;
    const subscribe = () => socket.emit(SCREENING_EVENTS.subscribe, { screening_id: screeningId });
    const onEvent = (event: ScreeningUpdateEvent) => {
      if (event?.screening_id === screeningId) handler.current(event);
    };
    socket.on(SCREENING_EVENTS.init, onEvent);
    socket.on(SCREENING_EVENTS.update, onEvent);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.emit(SCREENING_EVENTS.unsubscribe, { screening_id: screeningId });
      socket.off(SCREENING_EVENTS.init, onEvent);
      socket.off(SCREENING_EVENTS.update, onEvent);
      socket.off('connect', subscribe);
    };
  }, [socket, screeningId]);

  return problem;
}
