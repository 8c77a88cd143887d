import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionProvider';

/**
 * Renders its page for a signed-in user. While the session is being checked it
 * shows nothing; without a user it replaces the history entry with /login and
 * passes the original location along, so login can return there.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user === undefined) return null;
  if (user === null) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
