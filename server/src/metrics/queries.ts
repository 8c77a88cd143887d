import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Running imports (written to since `since`) per stage: how many, rows done and rows known in total. */
export async function runningImportTotals(db: Kysely<Database>, since: string) {
  const rows = await db
    .selectFrom('imports')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('imports'),
      eb.fn.sum<number | string | null>('progress_done').as('done'),
      eb.fn.sum<number | string | null>('progress_total').as('total'),
    ])
    .where('status', 'in', ['parsing', 'importing'])
    .where('updated_at', '>=', since)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, imports: Number(row.imports), done: Number(row.done ?? 0), total: Number(row.total ?? 0) }));
}
