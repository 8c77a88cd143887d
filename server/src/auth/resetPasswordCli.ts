// `npm run reset-password -- <username>`: gives a member who forgot their password a new one,
// printed here to pass on, in the configured database (DATABASE_URL, else ./data/app.db).
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { resetPassword } from './resetPassword';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1) {
    console.error('Usage: npm run reset-password -- <username>');
    return 2;
  }
  const database = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(database);
    const reset = await resetPassword(database.db, args[0]);
    if (!reset) {
      console.error(`No member is named ${args[0]}.`);
      return 1;
    }
    console.log(`New password for ${reset.username}: ${reset.password}`);
    console.log(`${reset.sessionsEnded} session${reset.sessionsEnded === 1 ? '' : 's'} ended. They sign in with it and choose their own under Change password on their profile.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
