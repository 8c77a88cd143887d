import type { CurrentUser } from '@movieclub/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import * as authApi from '../api/auth';

interface SessionValue {
  /** undefined while the first check runs; null when signed out. */
  user: CurrentUser | null | undefined;
  /** Reloads the current user; resolves with it (or null). */
  refresh(): Promise<CurrentUser | null>;
  /** Clears the session locally even when the call fails. */
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const reply = await authApi.fetchCurrentUser();
      const next = reply.success && reply.user ? reply.user : null;
      setUser(next);
      return next;
    } catch {
      setUser(null);
      return null;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // Signed out locally regardless.
    }
    setUser(null);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ user, refresh, logout }), [user, refresh, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
