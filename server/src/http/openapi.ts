import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { tokenRoutes } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../auth/session';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const DOCS_ADDRESSES = [DOCS_PATH, `${DOCS_PATH}/`, `${DOCS_PATH}/*`, `${DOCS_PATH}/json`, `${DOCS_PATH}/yaml`, `${DOCS_PATH}/static/*`, `${DOCS_PATH}/initOAuth`, `${DOCS_PATH}/uiConfig`];

/** Signed-in-only calls an API token may not make: managing the tokens themselves. */
const COOKIE_ONLY = new Set<string>(Object.values(tokenRoutes).map((route) => route.path));

const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie `POST /api/login` sets.' },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API token',
    description: 'A personal API token (`mc_…`) made on one’s own profile: `Authorization: Bearer mc_…`. A read token may only make GET and HEAD calls.',
  },
} as const;

/** Signed-in-only calls accept the session cookie or, but for token management, an API token. */
function withSecurity(transform: ReturnType<typeof createJsonSchemaTransform>): ReturnType<typeof createJsonSchemaTransform> {
  return (document) => {
    const result = transform(document);
    // Routes without a schema (the built client's files) have none to extend.
    const schema = result.schema as { security?: unknown[] } | undefined;
    if (!schema?.security) return result;
    const security: Record<string, string[]>[] = COOKIE_ONLY.has(document.url) ? [{ session: [] }] : [{ session: [] }, { bearerAuth: [] }];
    return { ...result, schema: { ...result.schema, security } };
  };
}

/**
 * The OpenAPI 3.1 document, generated from the route contracts as routes register
 * (so this must be installed before them), served at /api/openapi.json, and a
 * browsable reference at /api/docs served from this server (works offline).
 */
export async function installOpenApi(app: FastifyInstance) {
  const zodToJsonConfig = { target: 'draft-2020-12' as const };
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MovieClub API',
        version: '1',
        description:
          'Every call of the MovieClub server. Failed calls answer `{success:false, error, code}`: `error` is a sentence for people, `code` a stable value for programs.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      // Under BASE_PATH the calls live below the prefix; the reference's "Try it out" sends them there.
      ...(app.config.basePath ? { servers: [{ url: app.config.basePath }] } : {}),
    },
    transform: withSecurity(createJsonSchemaTransform({ skipList: DOCS_ADDRESSES, zodToJsonConfig })),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
