import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../testing/testApp';

describe('error replies', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp('sqlite');
  });
  after(() => app.close());

  it('answers a malformed percent-encoding with a sentence', async () => {
    const reply = await app.agent().get('/api/users/%E0%A4%A/profile');
    assert.equal(reply.status, 400);
    assert.deepEqual(reply.body, { success: false, error: 'The address is not valid.', code: 'invalid_input' });
  });

  it('answers an unknown API address with a JSON 404', async () => {
    const reply = await app.agent().get('/api/does-not-exist');
    assert.equal(reply.status, 404);
    assert.deepEqual(reply.body, { success: false, error: 'Not found.', code: 'not_found' });
  });

  it('refuses a body that is not a JSON object with a sentence', async () => {
    const reply = await app.agent().request('POST', '/api/login', 'username=a', { 'content-type': 'text/plain' });
    assert.equal(reply.status, 400);
    assert.deepEqual(reply.body, { success: false, error: 'The request body must be a JSON object.', code: 'invalid_input' });
  });

  it('refuses an unsupported media type with 415', async () => {
    const reply = await app.agent().request('POST', '/api/login', '<a/>', { 'content-type': 'application/xml' });
    assert.equal(reply.status, 415);
    assert.deepEqual(reply.body, { success: false, error: 'Send the request body as JSON.', code: 'unsupported_media_type' });
  });
});
