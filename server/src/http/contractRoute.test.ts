import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defineRoute } from '@movieclub/contract';
import Fastify from 'fastify';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../testing/testApp';
import { contractRoute, serializerCompiler, validatorCompiler } from './contractRoute';
import { errorHandler } from './errors';

const echo = defineRoute({
  method: 'POST',
  path: '/echo/:id',
  summary: 'Echoes its input.',
  tag: 'Test',
  auth: 'none',
  params: z.object({ id: z.string().regex(/^\d+$/, { error: 'The id is not valid.' }).transform(Number) }),
  body: z.object({ name: z.string({ error: 'Name must be text.' }) }),
  reply: z.object({ success: z.literal(true), id: z.number(), name: z.string() }),
});

/** A bare server with the app's compilers, serving one route that can break its own contract. */
async function serverWith(checkReplies: boolean, breakReply: boolean) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(checkReplies));
  contractRoute(app, echo)(async (request) => {
    const reply = { success: true as const, id: request.params.id, name: request.body.name };
    return breakReply ? ({ ...reply, id: String(reply.id) } as never) : reply;
  });
  await app.ready();
  return app;
}

describe('routes declared by contract', () => {
  it('hands the handler parsed values and answers bad input with the schema sentence and a code', async () => {
    const app = await serverWith(true, false);
    const good = await app.inject({ method: 'POST', url: '/echo/42', payload: { name: 'Ann', extra: 1 } });
    assert.equal(good.statusCode, 200);
    assert.deepEqual(good.json(), { success: true, id: 42, name: 'Ann' });
    const badParam = await app.inject({ method: 'POST', url: '/echo/x', payload: { name: 'Ann' } });
    assert.deepEqual(badParam.json(), { success: false, error: 'The id is not valid.', code: 'invalid_input' });
    const badBody = await app.inject({ method: 'POST', url: '/echo/1', payload: { name: 5 } });
    assert.equal(badBody.statusCode, 400);
    assert.deepEqual(badBody.json(), { success: false, error: 'Name must be text.', code: 'invalid_input' });
    const notObject = await app.inject({ method: 'POST', url: '/echo/1', payload: '[1]', headers: { 'content-type': 'application/json' } });
    assert.deepEqual(notObject.json(), { success: false, error: 'The request body must be a JSON object.', code: 'invalid_input' });
    await app.close();
  });

  it('fails a reply that drifts from its contract while replies are checked, and sends it untouched otherwise', async () => {
    const checked = await serverWith(true, true);
    const refused = await checked.inject({ method: 'POST', url: '/echo/7', payload: { name: 'Ann' } });
    assert.equal(refused.statusCode, 500);
    assert.equal(refused.json().code, 'server_error');
    await checked.close();
    const unchecked = await serverWith(false, true);
    const sent = await unchecked.inject({ method: 'POST', url: '/echo/7', payload: { name: 'Ann' } });
    assert.deepEqual(sent.json(), { success: true, id: '7', name: 'Ann' });
    await unchecked.close();
  });
});

describe('signed-in-only routes', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp('sqlite');
  });
  after(() => app.close());

  it('answer a visitor 401 before reading a malformed body', async () => {
    const reply = await app.agent().post('/api/watchlists/public', { name: 12 });
    assert.equal(reply.status, 401);
    assert.deepEqual(reply.body, { success: false, error: 'You must be signed in to do that.', code: 'not_signed_in' });
  });
});
