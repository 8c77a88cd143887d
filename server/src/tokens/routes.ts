import { API_TOKEN_SENTENCES, tokenRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { forbidden } from '../http/errors';
import * as service from './service';

/** Creating, listing and revoking API tokens: signed in with a password session only. */
export async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const hash = (token: string) => app.auth.hashToken(token);

  // Before the body is read: a token may not mint, see or revoke tokens, whatever it sends.
  app.addHook('onRequest', async (request) => {
    if (request.tokenScope) throw forbidden(API_TOKEN_SENTENCES.noManagement, 'token_not_allowed');
  });

  contractRoute(app, api.create)(async (request) => ({ success: true, ...(await service.create(app.db, hash, request.user.id, request.body)) }));

  contractRoute(app, api.list)(async (request) => ({ success: true, tokens: await service.list(app.db, request.user.id) }));

  contractRoute(app, api.revoke)(async (request) => {
    await service.revoke(app.db, request.user.id, request.params.id);
    return { success: true };
  });
}
