import { buildApp } from './app';
import { loadConfig } from './config';
import { isPostgresUrl } from './db/database';
import { waitForPostgres, withoutPassword } from './db/waitForDatabase';
import { StartProblem } from './startProblem';

async function main() {
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) {
    const url = config.databaseUrl;
    await waitForPostgres(url, { onWaiting: (reason) => console.error(`Waiting for the database at ${withoutPassword(url)} (${reason}).`) });
  }
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`MovieClub is ready at ${config.publicUrl ?? `http://localhost:${config.port}`}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A bad setting, a database not there, a folder that cannot be written: the sentence says what to do.
  if (error instanceof StartProblem) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
