import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/** Who drew a list's pick and a movie night's pick, for the activity feed; picks made before stay unattributed. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['watchlists', 'screenings']) {
    await db.schema
      .alterTable(table)
      .addColumn('picked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }
}
