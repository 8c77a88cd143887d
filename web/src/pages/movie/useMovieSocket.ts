import { MOVIE_EVENTS, type MovieErrorEvent, type MovieSocialEvent } from '@movieclub/contract';
import { useEffect, useRef } from 'react';
import { useSession } from '../../session/SessionProvider';

/**
 * Keeps a member's movie page subscribed to its room, on the member's socket: each `movie:social`
 * (a review written, a comment posted, edited or deleted, a reaction) is handed over, and so is a
 * `movie:init` after a reconnect, as `null`, for what was missed while away. Visitors read the
 * page as it was loaded.
 */
export function useMovieSocket(movieId: number, onChange: (event: MovieSocialEvent | null) => void): void {
  const { socket } = useSession();
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });

  useEffect(() => {
    if (!socket) return;
    let subscriptions = 0;
    const subscribe = () => socket.emit(MOVIE_EVENTS.subscribe, { movie_id: movieId });
    // The first subscription comes with the page's own first read; later ones follow a reconnect.
    const onInit = (event: { movie_id: number }) => {
      if (event?.movie_id === movieId && subscriptions++ > 0) handler.current(null);
    };
    const onSocial = (event: MovieSocialEvent) => {
      if (event?.movie_id === movieId) handler.current(event);
    };
    const onError = (event: MovieErrorEvent) => console.warn('movie:error', event?.message);
    socket.on(MOVIE_EVENTS.init, onInit);
    socket.on(MOVIE_EVENTS.social, onSocial);
    socket.on(MOVIE_EVENTS.error, onError);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.emit(MOVIE_EVENTS.unsubscribe, { movie_id: movieId });
      socket.off(MOVIE_EVENTS.init, onInit);
      socket.off(MOVIE_EVENTS.social, onSocial);
      socket.off(MOVIE_EVENTS.error, onError);
      socket.off('connect', subscribe);
    };
  }, [socket, movieId]);
}
