import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailable, isPostgresUrl } from './db/database';
import { waitForPostgres, withoutPassword } from './db/waitForDatabase';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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
  if (error instanceof DatabaseUnavailable) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
