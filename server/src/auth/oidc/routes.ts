import {
  ERROR_CODES,
  type ErrorCode,
  OIDC_ALREADY_LINKED,
  OIDC_DISABLED,
  OIDC_ERRORS,
  OIDC_LINK_EXPIRED,
  OIDC_LINK_PAGE,
  OIDC_WRONG_PASSWORD,
  type OidcErrorCode,
  oidcRoutes as api,
} from '@movieclub/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admission } from '../../admin/registration';
import { withBasePath } from '../../http/basePath';
import { contractRoute } from '../../http/contractRoute';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../http/errors';
import { rateLimit } from '../../http/rateLimits';
import { siteUrl } from '../../http/siteUrl';
import { memberJoinedEvent } from '../../webhooks/events';
import type { SessionUser } from '../service';
import { setSessionCookie } from '../session';
import { type OidcClient, oidcClientFor, ProviderProblem } from './client';
import { clearSealedCookie, FLOW_COOKIE, type FlowState, PENDING_COOKIE, type PendingLink, SealedCookies, setSealedCookie } from './cookies';
import { safeReturnTo } from './names';
import * as queries from './queries';
import { createMember, resolveIdentity } from './service';

const CALLBACK_PATH = api.callback.path;
const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

/** Where the provider sends the browser back: the site's public address (PUBLIC_URL when set) and the callback path. */
export const redirectUri = (app: FastifyInstance, request: FastifyRequest) => `${siteUrl(app, request)}${CALLBACK_PATH}`;

/** A redirect to a path of this site (under BASE_PATH). */
const goTo = (reply: FastifyReply, path: string) => reply.redirect(withBasePath(reply.server, path), 302);
const refuse = (reply: FastifyReply, code: OidcErrorCode) => goTo(reply, `/login?oidc_error=${code}`);

/**
 * Sign-in through an OpenID Connect identity provider: the start and the callback are
 * browser navigations answered with redirects; the link page's calls are JSON.
 */
export async function routes(app: FastifyInstance) {
  const settings = app.config.oidc;
  const provider = settings ? oidcClientFor(settings) : null;
  const cookies = new SealedCookies(app.db, app.config.sessionSecret);
  const limited = { config: { rateLimit: rateLimit(app.config, 'oidc') } };

  const requireProvider = (): OidcClient => {
    if (!provider) throw notFound(OIDC_DISABLED, 'oidc_disabled');
    return provider;
  };

  /** Opens the normal session, exactly as a password login does; with the provider's ID token when signing out there too. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: SessionUser, created: boolean, idToken: string | undefined) => {
    const kept = settings?.signOutAtProvider ? (idToken ?? null) : null;
    const { token, expiresAt } = await app.auth.openSession(user.id, kept);
    setSessionCookie(request, reply, token, expiresAt);
    if (created) {
      const site = siteUrl(app, request);
      app.clubEvents.post((language) => memberJoinedEvent(site, user.username, language));
    }
  };

  const linkExpired = () => badRequest(OIDC_LINK_EXPIRED, 'oidc_link_expired');

  /**
   * The sign-in waiting on the link page. Single use: once its identity is linked (by the link or
   * the new-account call, or a sign-in since), the cookie is spent, whoever replays it.
   */
  const pendingLink = async (request: FastifyRequest) => {
    requireProvider();
    const pending = await cookies.open<PendingLink>(PENDING_COOKIE, request.cookies[PENDING_COOKIE]);
    const user = pending ? await queries.findUserById(app.db, pending.userId) : undefined;
    if (!pending || !user) throw linkExpired();
    if (await queries.findLinkedUser(app.db, pending.issuer, pending.subject)) throw linkExpired();
    return { pending, user };
  };

  contractRoute(app, api.config)(async () => ({
    success: true,
    enabled: settings !== null,
    label: settings?.label ?? null,
    host: settings ? new URL(settings.issuer).hostname : null,
    only: settings?.only ?? false,
  }));

  contractRoute(app, api.start, limited)(async (request, reply) => {
    const client = requireProvider();
    const invite = request.query.invite?.trim() || null;
    try {
      const { url, flow } = await client.start(redirectUri(app, request), safeReturnTo(request.query.return_to), invite);
      setSealedCookie(request, reply, FLOW_COOKIE, await cookies.seal(FLOW_COOKIE, flow));
      return reply.redirect(url.href, 302);
    } catch (error) {
      if (!(error instanceof ProviderProblem)) throw error;
      request.log.warn({ err: error.cause }, 'identity provider discovery failed');
      return refuse(reply, error.reason);
    }
  });

  contractRoute(app, api.callback, limited)(async (request, reply) => {
    const client = requireProvider();
    const flow = await cookies.open<FlowState>(FLOW_COOKIE, request.cookies[FLOW_COOKIE]);
    if (!flow || request.query.state !== flow.state) {
      // Not this browser's current sign-in: one it did not start or started too long ago, a replay,
      // or one a newer sign-in in another tab replaced. The cookie stays for that newer one to finish.
      // A member signed in meanwhile (that other tab, say) just goes on to the site.
      if (request.user) return goTo(reply, '/');
      return refuse(reply, flow ? 'superseded' : 'expired');
    }
    clearSealedCookie(request, reply, FLOW_COOKIE);
    if (request.query.error) return refuse(reply, request.query.error === 'access_denied' ? 'access_denied' : 'provider_error');
    const callbackUrl = new URL(redirectUri(app, request));
    callbackUrl.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let identity;
    try {
      identity = await client.finish(callbackUrl, flow);
    } catch (error) {
      if (!(error instanceof ProviderProblem)) throw error;
      request.log.warn({ err: error.cause }, 'identity provider answer refused');
      // The same callback twice (its code is spent), the first having signed the member in: on to the site.
      if (request.user) return goTo(reply, flow.returnTo);
      return refuse(reply, error.reason);
    }
    const outcome = await resolveIdentity(app, identity, flow.invite);
    if (outcome.kind === 'refused') return refuse(reply, outcome.code);
    if (outcome.kind === 'link') {
      const pending: PendingLink = { issuer: identity.issuer, subject: identity.subject, userId: outcome.userId, nameBase: outcome.nameBase, returnTo: flow.returnTo, invite: flow.invite };
      if (settings?.signOutAtProvider && identity.idToken) pending.idToken = identity.idToken;
      setSealedCookie(request, reply, PENDING_COOKIE, await cookies.sealPending(pending));
      return goTo(reply, OIDC_LINK_PAGE);
    }
    await signIn(request, reply, outcome.user, outcome.created, identity.idToken);
    return goTo(reply, flow.returnTo);
  });

  contractRoute(app, api.pending, limited)(async (request) => {
    const { user } = await pendingLink(request);
    return { success: true, username: user.username };
  });

  contractRoute(app, api.link, { config: { rateLimit: rateLimit(app.config, 'login') } })(async (request, reply) => {
    const { pending, user } = await pendingLink(request);
    let checked: SessionUser;
    try {
      checked = await app.auth.checkPassword({ username: user.username, password: request.body.password });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'invalid_credentials') throw unauthorized(OIDC_WRONG_PASSWORD, 'invalid_credentials');
      throw error;
    }
    try {
      await queries.insertIdentity(app.db, pending.issuer, pending.subject, checked.id);
    } catch (error) {
      // Linked meanwhile: this identity by the same cookie's other call (spent), to someone else, or this account to another identity at the provider.
      const linked = await queries.findLinkedUser(app.db, pending.issuer, pending.subject);
      if (linked?.id === checked.id) throw linkExpired();
      request.log.debug({ err: error }, 'identity or account linked meanwhile');
      throw conflict(OIDC_ALREADY_LINKED, 'oidc_already_linked');
    }
    clearSealedCookie(request, reply, PENDING_COOKIE);
    await signIn(request, reply, checked, false, pending.idToken);
    return { success: true, user: checked, return_to: pending.returnTo };
  });

  contractRoute(app, api.create, limited)(async (request, reply) => {
    const { pending } = await pendingLink(request);
    const admit = await admission(app, pending.invite ?? undefined);
    const outcome = await createMember(app, pending, pending.nameBase, admit);
    if (outcome.kind === 'refused') throw forbidden(OIDC_ERRORS[outcome.code], isErrorCode(outcome.code) ? outcome.code : 'forbidden');
    if (outcome.kind !== 'signed_in') throw new Error('A new member was not created.');
    // Another call with the same cookie made the member first: this one is a replay.
    if (!outcome.created) throw linkExpired();
    clearSealedCookie(request, reply, PENDING_COOKIE);
    await signIn(request, reply, outcome.user, outcome.created, pending.idToken);
    return { success: true, user: outcome.user, return_to: pending.returnTo };
  });
}
