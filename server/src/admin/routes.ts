import { adminRoutes as api, registrationRoutes } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { requireAdmin } from './access';
import { createInvite, listInvites, revokeInvite } from './invites';
import { visibleRegistrationMode } from './registration';
import { changeSettings, readSettings } from './settings';
import { sendTestMessage } from './webhookTest';

/** The admin page's calls (admins only), and the public registration rule the register page reads. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, registrationRoutes.registration)(async () => ({ success: true, mode: await visibleRegistrationMode(app) }));

  contractRoute(app, api.settings)(async (request) => {
    await requireAdmin(app, request);
    return { success: true, ...(await readSettings(app.db, app.config)) };
  });

  contractRoute(app, api.changeSettings)(async (request) => {
    await requireAdmin(app, request);
    return { success: true, ...(await changeSettings(app.db, app.config, request.body)) };
  });

  contractRoute(app, api.testWebhook)(async (request) => {
    const admin = await requireAdmin(app, request);
    return { success: true, ...(await sendTestMessage(app, siteUrl(app, request), admin.username)) };
  });

  contractRoute(app, api.createInvite)(async (request) => {
    const admin = await requireAdmin(app, request);
    const invite = await createInvite(app.db, (token) => app.auth.hashToken(token), admin.id, siteUrl(app, request), request.body);
    return { success: true, invite };
  });

  contractRoute(app, api.invites)(async (request) => {
    await requireAdmin(app, request);
    return { success: true, invites: await listInvites(app.db) };
  });

  contractRoute(app, api.revokeInvite)(async (request) => {
    await requireAdmin(app, request);
    await revokeInvite(app.db, request.params.id);
    return { success: true };
  });
}
