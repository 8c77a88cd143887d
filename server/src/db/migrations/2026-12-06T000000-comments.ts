import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/** The kinds of row a reaction may point at, each with the table that holds it. */
const TARGETS = [
  { kind: 'review', table: 'reviews' },
  { kind: 'comment', table: 'comments' },
];

/**
 * Comments on reviews, reactions to reviews and comments, and spoiler flags on both.
 * A reaction names its target by kind and id, so no foreign key can remove it with its
 * review or comment: the app deletes them together, and a trigger on each target table
 * does it for any other delete (a member's or movie's rows going by cascade, a hand-written fix).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('reviews').addColumn('spoiler', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('spoiler', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('comments_review_id').on('comments').columns(['review_id', 'id']).execute();
  await db.schema.createIndex('comments_user').on('comments').column('user_id').execute();

  await db.schema
    .createTable('reactions')
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reaction', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['target_kind', 'target_id', 'user_id', 'reaction'])
    .execute();
  await db.schema.createIndex('reactions_target').on('reactions').columns(['target_kind', 'target_id']).execute();
  await db.schema.createIndex('reactions_user').on('reactions').column('user_id').execute();

  for (const { kind, table } of TARGETS) {
    const remove = `delete from reactions where target_kind = '${kind}' and target_id = old.id;`;
    if (isPostgres) {
      await sql
        .raw(`create function ${table}_reactions_removed() returns trigger language plpgsql as $$ begin ${remove} return null; end $$`)
        .execute(db);
      await sql.raw(`create trigger ${table}_reactions_removed after delete on ${table} for each row execute function ${table}_reactions_removed()`).execute(db);
    } else {
      await sql.raw(`create trigger ${table}_reactions_removed after delete on ${table} begin ${remove} end`).execute(db);
    }
  }
}
