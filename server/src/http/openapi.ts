import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const DOCS_ADDRESSES = [DOCS_PATH, `${DOCS_PATH}/`, `${DOCS_PATH}/*`, `${DOCS_PATH}/json`, `${DOCS_PATH}/yaml`, `${DOCS_PATH}/static/*`, `${DOCS_PATH}/initOAuth`, `${DOCS_PATH}/uiConfig`];

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
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    transform: createJsonSchemaTransform({ skipList: DOCS_ADDRESSES, zodToJsonConfig }),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
