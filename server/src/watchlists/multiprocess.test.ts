import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import { ApiAgent } from '../testing/client';
import { clusterEnv, type ServerProcess, startServerProcess, stopServerProcess } from '../testing/serverProcess';
import { addMovie } from '../testing/factories';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../testing/testApp';
import { connectSocket, nextEvent } from './socketClient';

const LOGIN_LIMIT = 4;
const LIST_LIMIT = 3;


describe('two server processes on PostgreSQL and Redis', { skip: !TEST_DATABASES.includes('postgres') && 'PostgreSQL not in TEST_DATABASES' }, () => {
  let database: TestDatabase;
  let emptyDir: string;
  const children: ChildProcess[] = [];
  let serverA: ServerProcess;
  let serverB: ServerProcess;
  let socket: Socket | undefined;

  before(async () => {
    database = await createTestDatabase('postgres');
    emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'watchlists-no-sample-'));
    const env = clusterEnv(database.pgSchema, emptyDir, {
      // Low limits, so the tests below can reach them; the address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
      LIST_CREATE_RATE_LIMIT_PER_HOUR: String(LIST_LIMIT),
    });
    serverA = await startServerProcess(env);
    children.push(serverA.child);
    serverB = await startServerProcess(env);
    children.push(serverB.child);
  });

  after(async () => {
    socket?.disconnect();
    await Promise.all(children.map(stopServerProcess));
    await database?.drop();
    if (emptyDir) fs.rmSync(emptyDir, { recursive: true, force: true });
  });

  it('delivers a pick made through process A to a socket on process B', async () => {
    const owner = new ApiAgent(serverA.url);
    await owner.post('/api/register', { username: 'two_process', password: 'correct horse battery' });
    const login = await owner.post('/api/login', { username: 'two_process', password: 'correct horse battery' });
    assert.equal(login.status, 200, serverA.output());
    const movie = await addMovie(database.database.db, { title: 'Shared Across Processes' });
    const list = (await owner.post('/api/watchlists/public', { name: 'Across' })).body.watchlist;
    await owner.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id });

    // The same browser session, now talking to process B.
    socket = connectSocket(serverB.url, owner.cookieHeader);
    socket.emit('watchlist:subscribe', { watchlist_id: list.id });
    const init = await nextEvent(socket, 'watchlist:init', 10_000);
    assert.deepEqual(init, { watchlist_id: list.id, picked_movie: null, picked_at: null });

    const pickEvent = nextEvent(socket, 'watchlist:pick', 10_000);
    const picked = await owner.post(`/api/watchlists/${list.id}/pick`);
    assert.equal(picked.status, 200);
    assert.deepEqual(await pickEvent, {
      watchlist_id: list.id,
      picked_movie: { id: movie.id, title: 'Shared Across Processes', poster: null },
      picked_at: picked.body.picked_at,
    });
  });
  it('counts every limit once for both processes: the attempt after the limit is refused on either', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_LIMIT; attempt++) {
      const server = attempt % 2 === 0 ? serverA : serverB;
      statuses.push((await new ApiAgent(server.url).post('/api/login', { username: 'nobody_here', password: 'wrong password' }, from)).status);
    }
    assert.deepEqual(statuses, [...Array(LOGIN_LIMIT).fill(401), 429]);

    // Per account too: list creation, alternating processes.
    const user = new ApiAgent(serverA.url);
    await user.post('/api/register', { username: 'list_maker', password: 'correct horse battery' });
    await user.post('/api/login', { username: 'list_maker', password: 'correct horse battery' }, { 'x-forwarded-for': '198.51.100.8' });
    const replies = [];
    for (let attempt = 0; attempt <= LIST_LIMIT; attempt++) {
      const server = attempt % 2 === 0 ? serverA : serverB;
      replies.push(await new ApiAgent(server.url).post('/api/watchlists/public', { name: `List ${attempt}` }, { cookie: user.cookieHeader }));
    }
    assert.deepEqual(
      replies.map((reply) => reply.status),
      [...Array(LIST_LIMIT).fill(200), 429],
    );
    assert.match(replies[LIST_LIMIT].body.error, /^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  it('closes a session\'s socket on process B when it logs out through process A', async () => {
    const user = new ApiAgent(serverA.url);
    await user.post('/api/register', { username: 'leaves_both', password: 'correct horse battery' });
    const login = await user.post('/api/login', { username: 'leaves_both', password: 'correct horse battery' }, { 'x-forwarded-for': '198.51.100.9' });
    assert.equal(login.status, 200);
    const personalId = (await user.get('/api/watchlists/mine')).body.watchlist.id;
    const onB = connectSocket(serverB.url, user.cookieHeader);
    try {
      onB.emit('watchlist:subscribe', { watchlist_id: personalId });
      await nextEvent(onB, 'watchlist:init', 10_000);
      const closed = nextEvent(onB, 'disconnect', 10_000);
      assert.equal((await user.post('/api/logout')).status, 200);
      assert.equal(await closed, 'io server disconnect');
    } finally {
      onB.disconnect();
    }
  });
});
