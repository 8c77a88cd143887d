import type { OidcConfigReply, OidcPendingReply, OidcSignedInReply } from '@movieclub/contract';
import { api, resolveApiUrl } from './client';

/** Whether the login page offers sign-in through the identity provider (public). */
export const fetchOidcConfig = (signal?: AbortSignal) => api.get<OidcConfigReply>('/api/auth/oidc/config', signal);
/** The existing account a sign-in waiting on the link page may be joined to. */
export const fetchPendingLink = (signal?: AbortSignal) => api.get<OidcPendingReply>('/api/auth/oidc/pending', signal);
export const linkAccount = (password: string) => api.post<OidcSignedInReply>('/api/auth/oidc/link', { password });
export const createAccountInstead = () => api.post<OidcSignedInReply>('/api/auth/oidc/create');

/** The address the sign-in button opens: a browser navigation, not a fetch, since it leaves for the provider. */
export function oidcStartUrl(returnTo: string, invite?: string): string {
  const query = new URLSearchParams({ return_to: returnTo });
  if (invite) query.set('invite', invite);
  return resolveApiUrl(`/api/auth/oidc/start?${query.toString()}`);
}
