import type { SessionMember } from '@movieclub/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Socket } from 'socket.io-client';
import * as authApi from '../api/auth';
import { queryKeys } from '../api/queryKeys';

interface SessionValue {
  /** undefined while the first check runs; null when signed out. */
  user: SessionMember | null | undefined;
  /** Reloads the current user; resolves with it (or null). */
  refresh(): Promise<SessionMember | null>;
  /**
   * Clears the session locally even when the call fails. Resolves with the identity provider's
   * sign-out address when the site signs out there too (OIDC_SIGN_OUT_AT_PROVIDER), else null.
   */
  logout(): Promise<string | null>;
  /**
   * The member's socket once the header's bell has opened it (null for visitors and until then): a
   * screen that only listens (a movie's page) uses it rather than opening one of its own, and
   * brings no socket code into its chunk.
   */
  socket: Socket | null;
  shareSocket(socket: Socket | null): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in user, or null on any failure or unsuccessful reply. */
async function currentUser(): Promise<SessionMember | null> {
  try {
    const reply = await authApi.fetchCurrentUser();
    return reply.success && reply.user ? reply.user : null;
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: user } = useQuery({ queryKey: queryKeys.currentUser, queryFn: currentUser, staleTime: Infinity });

  const refresh = useCallback(async () => {
    const next = await currentUser();
    queryClient.setQueryData(queryKeys.currentUser, next);
    return next;
  }, [queryClient]);

  const logout = useCallback(async () => {
    let signOutUrl: string | null = null;
    try {
      signOutUrl = (await authApi.logout()).sign_out_url ?? null;
    } catch {
      // Signed out locally regardless.
    }
    // Everything read as the previous user goes with them.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    queryClient.setQueryData(queryKeys.currentUser, null);
    return signOutUrl;
  }, [queryClient]);

  const [socket, shareSocket] = useState<Socket | null>(null);
  const value = useMemo(() => ({ user, refresh, logout, socket, shareSocket }), [user, refresh, logout, socket]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
