import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp } from '../testing/testApp';
import { DOCS_PATH, OPENAPI_PATH } from './openapi';

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** Section 7 of the product spec: every call the web client makes. */
const SPEC_CALLS = [
  'GET /api/user',
  'POST /api/logout',
  'POST /api/login',
  'POST /api/register',
  'GET /api/movies',
  'GET /api/review/averages',
  'GET /api/reviews/averages',
  'POST /api/review/averages',
  'POST /api/reviews/averages',
  'GET /api/reviews/recent',
  'GET /api/watchlists/public',
  'GET /api/watchlists/mine',
  'GET /api/watchlists/{id}',
  'POST /api/watchlists/public',
  'POST /api/review',
  'POST /api/watchlists/mine/items',
  'DELETE /api/watchlists/{id}/items/{movieId}',
  'POST /api/watchlists/{id}/items',
  'PUT /api/watchlists/{id}/description',
  'PUT /api/watchlists/{id}/items/order',
  'POST /api/watchlists/{id}/pick',
  'POST /api/add_moderator',
  'POST /api/remove_moderator',
  'GET /api/users/{username}/seen',
  'GET /api/users/{username}/ratings',
  'GET /api/users/{username}/profile',
  'GET /api/movies/{id}/reviews',
  'GET /api/recommendations/{tconst}',
  'POST /api/imdb/ensure',
  'GET /api/imdb/search',
  'POST /api/movies',
];

/** Addresses that are not API calls: the documentation itself, the built client, socket.io. */
const NOT_CALLS = [/^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/, /^\/(?!api\/)/, /^\/api\/?\*?$/];

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the OpenAPI document', () => {
  let app: TestApp;
  let document: OpenApiDocument;
  before(async () => {
    app = await startTestApp('sqlite');
    const reply = await app.agent().get<OpenApiDocument>(OPENAPI_PATH);
    assert.equal(reply.status, 200);
    document = reply.body;
  });
  after(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    assert.match(document.openapi, /^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 2000));
  });

  it('lists every route the server answers, with its reply and failure schemas', () => {
    const calls = app.app.routeTable.filter(
      (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !NOT_CALLS.some((pattern) => pattern.test(route.url)),
    );
    assert.ok(calls.length >= SPEC_CALLS.length, `only ${calls.length} routes found`);
    for (const route of calls) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      assert.ok(operation, `${route.method} ${route.url} is missing from the document`);
      assert.ok(operation.summary, `${route.method} ${route.url} has no summary`);
      assert.ok(operation.responses['200']?.content, `${route.method} ${route.url} has no reply schema`);
      assert.ok(operation.responses['4XX'] ?? operation.responses['4xx'], `${route.method} ${route.url} has no failure schema`);
    }
  });

  it("documents every call of the spec's section 7 with its schemas", () => {
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(' ');
      const operation = document.paths[path]?.[method.toLowerCase()];
      assert.ok(operation, `${call} is missing`);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const param = name.slice(1, -1);
        assert.ok(
          operation.parameters?.some((entry) => entry.in === 'path' && entry.name === param),
          `${call} does not describe its '${param}' parameter`,
        );
      }
    }
    const login = document.paths['/api/login'].post;
    assert.ok(login.requestBody, 'the login body is described');
    assert.ok(document.components.schemas.ApiFailure, 'failures share one schema');
  });

  it('names every content type of a reply that comes in more than one', () => {
    const poster = document.paths['/api/posters/{file}'].get.responses['200'].content ?? {};
    assert.deepEqual(Object.keys(poster).sort(), ['image/png', 'image/svg+xml']);
  });

  it('serves a browsable reference from this server', async () => {
    const page = await fetch(`${app.url}${DOCS_PATH}/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /swagger/i);
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      assert.ok(!/^https?:/.test(src[1]), `the reference loads ${src[1]} from another site`);
    }
  });
});
