import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import type { Socket } from 'socket.io-client';
import { rotateSecret } from '../integrations/service';
import { fixture } from '../integrations/testing';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { connectSocket } from '../watchlists/socketClient';

const TOKEN = 'metrics-token-0123456789abcdef';

function scrape(app: TestApp, authorization?: string) {
  return fetch(`${app.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
}

/**
 * The scrape, parsed. parse-prometheus-text-format folds every series of a histogram into one
 * (it keeps labels only for unlabelled histograms), so histograms are parsed a second time as
 * untyped lines: `<name>_bucket`, `_sum` and `_count` then come back as families with all their labels.
 */
async function families(app: TestApp): Promise<Map<string, PrometheusFamily>> {
  const response = await scrape(app, `Bearer ${TOKEN}`);
  assert.equal(response.status, 200);
  const text = await response.text();
  const typed = parsePrometheusTextFormat(text);
  const series = parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, ''));
  const all = new Map(typed.map((family) => [family.name, family]));
  // prom-client writes each series' buckets, sum and count together, so the same name recurs: merged here.
  const parts = series.filter((family) => /_(bucket|sum|count)$/.test(family.name) && !typed.some((typedFamily) => typedFamily.name === family.name));
  for (const family of parts) {
    const known = all.get(family.name);
    all.set(family.name, known ? { ...known, metrics: [...known.metrics, ...family.metrics] } : family);
  }
  return all;
}

function samples(all: Map<string, PrometheusFamily>, name: string, type: PrometheusFamily['type']): PrometheusSample[] {
  const family = all.get(name);
  assert.ok(family, `${name} is exposed`);
  assert.equal(family.type, type, `${name} is a ${type.toLowerCase()}`);
  return family.metrics;
}

/** One series of a histogram: its cumulative bucket counts by upper bound, sum and count. */
function histogram(all: Map<string, PrometheusFamily>, name: string, labels: Record<string, string>) {
  samples(all, name, 'HISTOGRAM');
  const matches = (sample: PrometheusSample) => Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value);
  const buckets = new Map(
    samples(all, `${name}_bucket`, 'UNTYPED')
      .filter(matches)
      .map((sample) => [sample.labels?.le, Number(sample.value)]),
  );
  return { buckets, sum: valueOf(samples(all, `${name}_sum`, 'UNTYPED'), labels), count: valueOf(samples(all, `${name}_count`, 'UNTYPED'), labels) };
}

/** The one sample whose labels include `labels`; its value as a number. */
function valueOf(found: PrometheusSample[], labels: Record<string, string> = {}): number {
  const sample = found.find((candidate) => Object.entries(labels).every(([name, value]) => candidate.labels?.[name] === value));
  assert.ok(sample, `a sample with ${JSON.stringify(labels)}`);
  return Number(sample.value);
}

function waitFor(socket: Socket, event: 'connect' | 'disconnect'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    socket.once(event, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

for (const kind of TEST_DATABASES) {
  describe(`metrics (${kind})`, () => {
    let off: TestApp;
    let on: TestApp;

    before(async () => {
      [off, on] = await Promise.all([startTestApp(kind), startTestApp(kind, { config: { metricsToken: TOKEN } })]);
    });
    after(async () => {
      await Promise.all([off.close(), on.close()]);
    });

    it('has no /metrics address while METRICS_TOKEN is unset', async () => {
      const response = await scrape(off, `Bearer ${TOKEN}`);
      assert.equal(response.status, 404);
      assert.equal(off.app.metrics, null);
    });

    it('refuses a scrape without the token, or with a wrong one, asking for a bearer token', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
        const response = await scrape(on, authorization);
        assert.equal(response.status, 401, `refused with ${authorization}`);
        assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="metrics"');
        const body = (await response.json()) as { success: boolean; code: string };
        assert.deepEqual([body.success, body.code], [false, 'metrics_token_wrong']);
      }
    });

    it('answers the token holder in Prometheus text format, not cached', async () => {
      const response = await scrape(on, `bearer ${TOKEN}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const text = await response.text();
      assert.ok(parsePrometheusTextFormat(text).length > 10);
      for (const line of text.split('\n').filter((line) => line && !line.startsWith('#'))) {
        assert.match(line, /^movieclub_/, 'every metric carries the prefix');
      }
      const openApi = (await (await fetch(`${on.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
      assert.equal(openApi.paths['/metrics'], undefined, 'not an /api/ call, so not in the OpenAPI document');
    });

    it('counts requests by route pattern and status, never by raw address', async () => {
      const member = await createUser(on);
      const movie = await addMovie(on.database.db);
      assert.equal((await member.agent.get('/api/movies')).status, 200);
      assert.equal((await member.agent.get(`/api/movies/${movie.id}`)).status, 200);
      assert.equal((await member.agent.get('/api/movies/987654321')).status, 404);
      assert.equal((await on.agent().get('/api/no-such-call-4242')).status, 404);

      const all = await families(on);
      const requests = samples(all, 'movieclub_http_requests_total', 'COUNTER');
      assert.ok(valueOf(requests, { method: 'GET', route: '/api/movies', status: '200' }) >= 1);
      assert.ok(valueOf(requests, { method: 'GET', route: '/api/movies/:id', status: '200' }) >= 1);
      assert.ok(valueOf(requests, { method: 'GET', route: '/api/movies/:id', status: '404' }) >= 1);
      assert.ok(valueOf(requests, { method: 'GET', route: 'unmatched', status: '404' }) >= 1);
      const routes = new Set(requests.map((sample) => sample.labels?.route));
      assert.ok(![...routes].some((route) => route?.includes('987654321') || route?.includes('4242')), 'no raw address is a label');

      const movies = histogram(all, 'movieclub_http_request_duration_seconds', { method: 'GET', route: '/api/movies', status_class: '2xx' });
      assert.deepEqual([...movies.buckets.keys()].slice(0, 2), ['0.005', '0.01'], 'the duration histogram has buckets for /api/movies');
      assert.ok(movies.count >= 1);
      assert.equal(movies.buckets.get('+Inf'), movies.count);
      assert.ok(movies.sum > 0);
    });

    it('counts the socket.io connections open to this process', async () => {
      const member = await createUser(on);
      const gauge = async () => valueOf(samples(await families(on), 'movieclub_socketio_connections', 'GAUGE'));
      const before = await gauge();
      const socket = connectSocket(on.url, member.agent.cookieHeader);
      try {
        await waitFor(socket, 'connect');
        assert.equal(await gauge(), before + 1);
      } finally {
        const gone = waitFor(socket, 'disconnect');
        socket.disconnect();
        await gone;
      }
      // The server notices the close a moment after the client.
      for (let tries = 0; tries < 50 && (await gauge()) !== before; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(await gauge(), before);
    });

    it('reports the process: CPU, memory, event-loop lag and handles', async () => {
      const all = await families(on);
      assert.ok(valueOf(samples(all, 'movieclub_process_cpu_user_seconds_total', 'COUNTER')) > 0);
      assert.ok(valueOf(samples(all, 'movieclub_process_resident_memory_bytes', 'GAUGE')) > 0);
      assert.ok(valueOf(samples(all, 'movieclub_nodejs_heap_size_used_bytes', 'GAUGE')) > 0);
      samples(all, 'movieclub_nodejs_eventloop_lag_seconds', 'GAUGE');
      assert.ok(valueOf(samples(all, 'movieclub_nodejs_active_handles_total', 'GAUGE')) > 0);
    });

    it('times database queries by kind of statement and shows the pool on PostgreSQL', async () => {
      await createUser(on);
      const all = await families(on);
      for (const operation of ['select', 'insert']) {
        assert.ok(histogram(all, 'movieclub_db_query_duration_seconds', { operation }).count > 0, `${operation} queries were timed`);
      }
      assert.equal(valueOf(samples(all, 'movieclub_db_query_errors_total', 'COUNTER'), { operation: 'select' }), 0);
      for (const sample of samples(all, 'movieclub_db_query_duration_seconds_count', 'UNTYPED')) {
        assert.deepEqual(Object.keys(sample.labels ?? {}), ['operation'], 'no SQL text in labels');
      }
      if (kind === 'postgres') {
        assert.ok(valueOf(samples(all, 'movieclub_db_pool_connections', 'GAUGE')) >= 1);
        assert.equal(valueOf(samples(all, 'movieclub_db_pool_max_connections', 'GAUGE')), 5);
        samples(all, 'movieclub_db_pool_idle_connections', 'GAUGE');
        assert.equal(valueOf(samples(all, 'movieclub_db_pool_waiting_queries', 'GAUGE')), 0);
      } else {
        assert.equal(all.get('movieclub_db_pool_connections'), undefined, 'SQLite has no pool to report');
      }
    });

    it('shows running imports and their rows, and forgets an import left running by a stopped process', async () => {
      const member = await createUser(on);
      const now = new Date().toISOString();
      const longAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
      const row = { user_id: member.id, file_name: 'diary.csv', created_at: now };
      await on.database.db
        .insertInto('imports')
        .values([
          { ...row, status: 'importing', progress_done: 120, progress_total: 400, updated_at: now },
          { ...row, status: 'parsing', progress_done: 30, progress_total: null, updated_at: now },
          { ...row, status: 'importing', progress_done: 999, progress_total: 999, updated_at: longAgo },
          { ...row, status: 'done', progress_done: 50, progress_total: 50, updated_at: now },
        ])
        .execute();
      const all = await families(on);
      const running = samples(all, 'movieclub_imports_running', 'GAUGE');
      assert.equal(valueOf(running, { status: 'importing' }), 1);
      assert.equal(valueOf(running, { status: 'parsing' }), 1);
      const processed = samples(all, 'movieclub_import_rows_processed', 'GAUGE');
      assert.deepEqual([valueOf(processed, { status: 'importing' }), valueOf(processed, { status: 'parsing' })], [120, 30]);
      assert.equal(valueOf(samples(all, 'movieclub_import_rows_total', 'GAUGE'), { status: 'importing' }), 400);

      await on.database.db.deleteFrom('imports').where('user_id', '=', member.id).execute();
      const after = samples(await families(on), 'movieclub_imports_running', 'GAUGE');
      assert.deepEqual([valueOf(after, { status: 'importing' }), valueOf(after, { status: 'parsing' })], [0, 0]);
    });

    it('counts media-server webhook events by server and outcome', async () => {
      const secret = await rotateSecret(on.app);
      const post = (server: string, query: string, payload: unknown) =>
        fetch(`${on.url}/api/integrations/${server}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      assert.equal((await post('jellyfin', `?secret=${secret}`, fixture('jellyfin-episode'))).status, 200);
      assert.equal((await post('jellyfin', '?secret=wrong', fixture('jellyfin-episode'))).status, 401);

      const all = await families(on);
      const received = samples(all, 'movieclub_media_server_events_received_total', 'COUNTER');
      assert.deepEqual(
        ['jellyfin', 'plex', 'emby'].map((server) => valueOf(received, { server })),
        [1, 0, 0],
        'only the event with the right secret is received',
      );
      const events = samples(all, 'movieclub_media_server_events_total', 'COUNTER');
      assert.equal(valueOf(events, { server: 'jellyfin', outcome: 'ignored', reason: 'not_movie' }), 1);
      assert.equal(valueOf(events, { server: 'jellyfin', outcome: 'recorded' }), 0);
      const requests = samples(all, 'movieclub_http_requests_total', 'COUNTER');
      assert.ok(requests.some((sample) => sample.labels?.route?.startsWith('/api/integrations/') && sample.labels.status === '401'));
    });

    it('keeps each app’s counts apart', async () => {
      // `off` shares this process with `on` yet has no registry, and `on`'s counts exclude `off`'s calls.
      const before = valueOf(samples(await families(on), 'movieclub_http_requests_total', 'COUNTER'), { route: '/api/movies', status: '200' });
      assert.equal((await off.agent().get('/api/movies')).status, 200);
      const after = valueOf(samples(await families(on), 'movieclub_http_requests_total', 'COUNTER'), { route: '/api/movies', status: '200' });
      assert.equal(after, before);
    });
  });
}
