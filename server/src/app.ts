import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminRoutes } from './admin/routes';
import { routes as oidcRoutes } from './auth/oidc/routes';
import { authRoutes } from './auth/routes';
import { AuthService } from './auth/service';
import { installSessions } from './auth/session';
import { type Config, trustProxyOption } from './config';
import { APP_STATEMENT_TIMEOUT_MS, type AppDatabase, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { healthRoutes } from './health/routes';
import { scheduleHousekeeping } from './housekeeping/service';
import { scheduleReminders } from './screenings/reminders';
import { scheduleWarmUp } from './warmup/service';
import { basePathRewriter, installBasePath } from './http/basePath';
import { installCompression } from './http/compression';
import { serializerCompiler, validatorCompiler } from './http/contractRoute';
import { errorHandler } from './http/errors';
import { installInputGuards } from './http/inputGuards';
import { installOpenApi } from './http/openapi';
import { makeOriginCheck } from './http/origin';
import { installRateLimits } from './http/rateLimits';
import { installSecurityHeaders } from './http/securityHeaders';
import { loadSampleIfEmpty } from './imdb/sample';
import { installMetrics } from './metrics/metrics';
import { loggerOptions, RequestLogController } from './metrics/requestLog';
import { routes as commentRoutes } from './comments/routes';
import { routes as accountDeletionRoutes } from './account-deletion/routes';
import { routes as exportRoutes } from './exports/routes';
import { feedRoutes } from './feed/routes';
import { routes as imdbRoutes } from './imdb/routes';
import { routes as importRoutes } from './imports/routes';
import { routes as insightRoutes } from './insights/routes';
import { routes as integrationRoutes } from './integrations/routes';
import { routes as movieRoutes } from './movies/routes';
import { notificationRoutes } from './notifications/routes';
import { routes as profileRoutes } from './profiles/routes';
import { routes as radarrRoutes } from './radarr/routes';
import { createRealtime, type Realtime } from './realtime';
import { routes as recommendationRoutes } from './recommendations/routes';
import { routes as reviewRoutes } from './reviews/routes';
import { routes as screeningRoutes } from './screenings/routes';
import { clientErrorHandler } from './http/clientErrors';
import { allowAddOnOrigins, routes as stremioRoutes } from './stremio/routes';
import { tokenRoutes } from './tokens/routes';
import { routes as userRoutes } from './users/routes';
import { routes as viewingRoutes } from './viewings/routes';
import { routes as watchlistRoutes } from './watchlists/routes';
import { serveClient } from './web/static';
import { installWebhooks } from './webhooks/install';
import { routes as yearReviewRoutes } from './year-review/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: AppDatabase;
    db: Kysely<Database>;
    auth: AuthService;
    realtime: Realtime;
  }
}

export interface BuildOptions {
  /** An already opened database (tests pass one per PostgreSQL schema); otherwise config.databaseUrl is opened. */
  database?: AppDatabase;
  /** Load the bundled IMDb sample when the index is empty (on by default). */
  loadImdbSample?: boolean;
  /** Check every JSON reply against its contract before sending it (on under NODE_ENV=test). */
  checkReplies?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: Writable;
}

/** Builds the whole app (API, client, add-on, sockets) without listening, so tests can use port 0. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Headers (cookies, Authorization) and secret query values never reach the log: see metrics/requestLog.ts.
    logger: loggerOptions(config.logLevel, options.logStream),
    // One 'request completed' line per request, with the route pattern and the member's id.
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Node's 16 KB of headers bound an address: any longer part of it reaches its route's own check
    // ('The comment id is not valid.') rather than the router's 404 or 414.
    routerOptions: { maxParamLength: 16 * 1024 },
    // An address or headers over that limit, and bytes that are not HTTP, get the usual refusal body.
    clientErrorHandler,
    // BASE_PATH: addresses lose the prefix before routing (see http/basePath.ts).
    rewriteUrl: basePathRewriter(config.basePath),
    // Errors raised while routing (a malformed percent-encoding, say) get the same sentences.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
  });
  const database = options.database ?? openDatabase(config.databaseUrl, { pgSchema: config.databaseSchema ?? undefined, statementTimeoutMs: APP_STATEMENT_TIMEOUT_MS });
  const ownsDatabase = !options.database;
  const stopReportingLostConnections = database.onConnectionLost((error) =>
    app.log.warn({ err: error }, 'PostgreSQL ended a connection; the pool opens another when needed'),
  );
  await migrateToLatest(database);
  if (options.loadImdbSample ?? true) {
    if (config.imdbSampleDir) await loadSampleIfEmpty(database, config.imdbSampleDir, app.log);
  }

  const auth = new AuthService(database.db, config.sessionSecret, config.loginFailuresPerUsername);
  app.decorate('config', config);
  installBasePath(app);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('auth', auth);
  installWebhooks(app);
  app.setErrorHandler(errorHandler);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkReplies ?? process.env.NODE_ENV === 'test'));
  installInputGuards(app);

  await installSecurityHeaders(app, config.publicUrl);
  await installCompression(app);
  await app.register(fastifyCookie);
  await installRateLimits(app, config);
  app.addHook('onRequest', makeOriginCheck(config.publicUrl));
  allowAddOnOrigins(app);
  installSessions(app, auth);
  await installOpenApi(app);
  await installMetrics(app, database);

  await app.register(healthRoutes);
  await app.register(authRoutes(auth));
  await app.register(oidcRoutes);
  await app.register(imdbRoutes);
  await app.register(movieRoutes);
  await app.register(reviewRoutes);
  await app.register(commentRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(recommendationRoutes);
  await app.register(watchlistRoutes);
  await app.register(stremioRoutes);
  await app.register(radarrRoutes);
  await app.register(userRoutes);
  await app.register(viewingRoutes);
  await app.register(screeningRoutes);
  await app.register(importRoutes);
  await app.register(exportRoutes);
  await app.register(insightRoutes);
  await app.register(yearReviewRoutes);
  await app.register(profileRoutes);
  await app.register(feedRoutes);
  await app.register(notificationRoutes);
  await app.register(integrationRoutes);
  await app.register(adminRoutes);
  await app.register(tokenRoutes);
  await serveClient(app, config.webDist);

  const realtime = await createRealtime(app, config, auth);
  app.decorate('realtime', realtime);
  app.addHook('onClose', async () => {
    await realtime.close();
    stopReportingLostConnections();
    if (ownsDatabase) await database.close();
  });
  // After the hook above, so it runs before it: onClose hooks run last-added first.
  scheduleHousekeeping(app);
  scheduleReminders(app);
  scheduleWarmUp(app, config.warmUpMovies);
  return app;
}
