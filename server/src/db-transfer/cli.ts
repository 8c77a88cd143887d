import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { REPO_ROOT } from '../config';
import { isPostgresUrl, openDatabase } from '../db/database';
import { transferSqliteToPostgres, TransferError } from './transfer';

const usage = `Usage: npm run migrate-sqlite-to-postgres -- [--from <sqlite file>] --to <postgres://…>

Copies every table of the embedded database into a PostgreSQL database that holds
no club yet (its IMDb index and settings are replaced), migrated first, in one
transaction, and prints the row counts of each table.
--from defaults to ./data/app.db; --to defaults to $DATABASE_URL when that is PostgreSQL.`;

async function main() {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const from = values.from ?? path.join(REPO_ROOT, 'data', 'app.db');
  const to = values.to ?? (process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined);
  if (!to || !isPostgresUrl(to)) {
    console.error(`The target must be a postgres:// address.\n\n${usage}`);
    process.exit(2);
  }
  const source = openDatabase(`sqlite:${from.replace(/^sqlite:/, '')}`);
  const target = openDatabase(to);
  const bar = new cliProgress.SingleBar(
    { format: '{table} [{bar}] {value}/{total} rows', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let current = '';
  try {
    const report = await transferSqliteToPostgres(source, target, (table, copied, total) => {
      if (table !== current) {
        if (current) bar.stop();
        current = table;
        bar.start(total, 0, { table: table.padEnd(22) });
      }
      bar.update(copied, { table: table.padEnd(22) });
    });
    if (current) bar.stop();
    console.log('\nTable                    SQLite  PostgreSQL');
    for (const row of report) {
      console.log(`${row.table.padEnd(22)} ${String(row.source).padStart(8)}  ${String(row.target).padStart(10)}`);
    }
    const mismatched = report.filter((row) => row.source !== row.target);
    if (mismatched.length) {
      console.error(`\nCounts differ for: ${mismatched.map((row) => row.table).join(', ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nAll rows copied. Point DATABASE_URL at the PostgreSQL database and restart.');
    }
  } catch (error) {
    bar.stop();
    console.error(error instanceof TransferError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await source.close();
    await target.close();
  }
}

void main();
