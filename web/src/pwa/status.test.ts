import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createPwaStatus } from './status';

/** A server that answers the health check as the real one does, or (`down`) not at all. */
function healthServer() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  });
  return {
    server,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the offline notice and update banner state', () => {
  const health = healthServer();
  let up: string;
  let down: string;

  before(async () => {
    up = await health.start();
    // An address where nothing listens: a port that was free a moment ago.
    const gone = healthServer();
    down = await gone.start();
    await gone.stop();
  });
  after(() => health.stop());

  it('stays online when a call fails but the server still answers a check', async () => {
    const status = createPwaStatus();
    status.noteNetworkFailure(up);
    assert.equal(status.getSnapshot().checking, true);
    assert.equal(await status.check(up), true);
    assert.deepEqual({ ...status.getSnapshot(), update: null }, { offline: false, checking: false, update: null });
  });

  it('goes offline when a call fails and the check gets no answer either, and back once a call is answered', async () => {
    const status = createPwaStatus();
    const seen: boolean[] = [];
    status.subscribe(() => seen.push(status.getSnapshot().offline));
    status.noteNetworkFailure(down);
    assert.equal(await status.check(down), false);
    assert.equal(status.getSnapshot().offline, true);
    status.noteAnswer();
    assert.equal(status.getSnapshot().offline, false);
    assert.deepEqual(seen.slice(-2), [true, false]);
  });

  it('asks the server once however many calls fail together', async () => {
    let checks = 0;
    const counting = http.createServer((_request, response) => {
      checks += 1;
      response.end('{}');
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', () => resolve()));
    const address = `http://127.0.0.1:${(counting.address() as AddressInfo).port}/api/health`;
    try {
      const status = createPwaStatus();
      for (let call = 0; call < 5; call++) status.noteNetworkFailure(address);
      await status.check(address);
      assert.equal(checks, 1);
    } finally {
      await new Promise<void>((resolve) => counting.close(() => resolve()));
    }
  });

  it('is offline at once when the browser says so, and online again after a check that is answered (Try again)', async () => {
    const status = createPwaStatus(true);
    assert.equal(status.getSnapshot().offline, true);
    assert.equal(await status.check(down), false);
    assert.equal(status.getSnapshot().offline, true, 'still offline');
    assert.equal(await status.check(up), true);
    assert.equal(status.getSnapshot().offline, false);
    status.noteBrowserOffline();
    assert.equal(status.getSnapshot().offline, true);
  });

  it('ignores a stray answer while a check is under way: the check decides', async () => {
    const status = createPwaStatus(true);
    const checking = status.check(down);
    status.noteAnswer();
    assert.equal(status.getSnapshot().offline, true);
    await checking;
    assert.equal(status.getSnapshot().offline, true);
  });

  it('offers a waiting version, and accepting runs what activates it', () => {
    const status = createPwaStatus();
    assert.equal(status.getSnapshot().update, null);
    let activated = 0;
    status.offerUpdate(() => (activated += 1));
    status.getSnapshot().update?.();
    assert.equal(activated, 1);
  });
});
