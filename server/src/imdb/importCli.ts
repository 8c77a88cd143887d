// `npm run import-imdb -- <folder or files>`: loads IMDb's dataset files into the
// index of the configured database (DATABASE_URL, else ./data/app.db).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { datasetFiles } from './files';
import { type FileReport, ImdbImportError, importImdbFiles } from './importer';

const rate = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 0.001));

function printSummary(reports: FileReport[], ms: number) {
  console.log('\nImport summary');
  for (const report of reports) {
    const lines = report.malformedLines.length ? ` (lines ${report.malformedLines.join(', ')}${report.malformed > report.malformedLines.length ? ', …' : ''})` : '';
    console.log(`  ${path.basename(report.file)}: ${report.rows.toLocaleString('en')} rows imported, ${report.malformed} malformed lines skipped${lines}`);
  }
  const rows = reports.reduce((sum, report) => sum + report.rows, 0);
  console.log(`  ${rows.toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s (${rate(rows, ms).toLocaleString('en')} rows/s)`);
}

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length === 0) {
    console.error('Usage: npm run import-imdb -- <folder with title.basics.tsv.gz, title.ratings.tsv.gz and optionally title.akas.tsv.gz, or the files>');
    process.exit(2);
  }
  let files: string[];
  let config;
  try {
    files = datasetFiles(args);
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (files.length === 0) {
    console.error('No title.basics.tsv(.gz), title.ratings.tsv(.gz) or title.akas.tsv(.gz) found in the given folders.');
    process.exit(2);
  }

  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const bar = new cliProgress.SingleBar(
    { format: '{file} [{bar}] {percentage}% | {rows} rows | {speed} rows/s | {malformed} skipped', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let fileStarted = performance.now();
  const started = performance.now();
  let code = 0;
  try {
    const reports = await importImdbFiles(database.db, files, {
      onFileStart(file, _dataset, size) {
        bar.stop();
        fileStarted = performance.now();
        bar.start(size, 0, { file: path.basename(file), rows: 0, speed: 0, malformed: 0 });
      },
      onProgress(progress) {
        bar.update(progress.bytesRead, {
          rows: progress.rows.toLocaleString('en'),
          speed: rate(progress.rows, performance.now() - fileStarted).toLocaleString('en'),
          malformed: progress.malformed,
        });
      },
    });
    bar.update(bar.getTotal());
    bar.stop();
    printSummary(reports, performance.now() - started);
  } catch (error) {
    bar.stop();
    if (!(error instanceof ImdbImportError)) throw error;
    console.error(`\nImport stopped: ${error.message}`);
    printSummary(error.reports, performance.now() - started);
    code = 1;
  } finally {
    await database.close();
  }
  process.exit(code);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
