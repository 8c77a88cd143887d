import { MEDIA_SERVERS, SCROBBLE_IGNORE_REASONS } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { staleBefore } from '../imports/service';
import { scrobbleCounts } from '../integrations/service';
import { runningImportTotals } from './queries';

/**
 * Metrics read from the database when scraped. The tables are shared, so every process of a
 * cluster reports the whole club's numbers: aggregate them with max(), not sum().
 */

const PREFIX = 'movieclub_';
const IMPORT_STATUSES = ['parsing', 'importing'] as const;

/** `read` run once per scrape however many metrics ask for it (prom-client collects them together). */
function oncePerScrape<T>(app: FastifyInstance, what: string, read: () => Promise<T>): () => Promise<T | null> {
  let pending: Promise<T | null> | null = null;
  return () => {
    pending ??= read()
      .catch((error: unknown) => {
        app.log.warn({ err: error }, `${what} metrics could not be read`);
        return null;
      })
      .finally(() => setImmediate(() => (pending = null)));
    return pending;
  };
}

export function importMetrics(app: FastifyInstance, registry: Registry) {
  const read = oncePerScrape(app, 'import', () => runningImportTotals(app.db, staleBefore()));
  const importGauge = (name: string, help: string, field: 'imports' | 'done' | 'total') =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const rows = await read();
        this.reset();
        if (!rows) return;
        for (const status of IMPORT_STATUSES) this.set({ status }, rows.find((row) => row.status === status)?.[field] ?? 0);
      },
    });
  importGauge('imports_running', 'Imports running now (status parsing: reading the file; importing: applying it).', 'imports');
  importGauge('import_rows_processed', 'Rows that running imports have read or applied so far.', 'done');
  importGauge('import_rows_total', 'Rows that running imports will read or apply in all, where known.', 'total');
}

/** The media-server webhooks' own counts (kept in the database since it began), per server. */
export function mediaServerMetrics(app: FastifyInstance, registry: Registry) {
  const read = oncePerScrape(app, 'media-server', () => scrobbleCounts(app.db));
  new Counter({
    name: `${PREFIX}media_server_events_received_total`,
    help: 'Media-server webhook events received with the right secret, by server.',
    labelNames: ['server'] as const,
    registers: [registry],
    async collect() {
      const counts = await read();
      this.reset();
      if (counts) for (const server of MEDIA_SERVERS) this.inc({ server }, counts[server].received);
    },
  });
  new Counter({
    name: `${PREFIX}media_server_events_total`,
    help: 'Media-server webhook events by outcome: recorded as a viewing, or ignored (with the reason).',
    labelNames: ['server', 'outcome', 'reason'] as const,
    registers: [registry],
    async collect() {
      const counts = await read();
      this.reset();
      if (!counts) return;
      for (const server of MEDIA_SERVERS) {
        this.inc({ server, outcome: 'recorded', reason: '' }, counts[server].recorded);
        for (const reason of SCROBBLE_IGNORE_REASONS) this.inc({ server, outcome: 'ignored', reason }, counts[server].ignored[reason]);
      }
    },
  });
}
