import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * PostgreSQL only: the position at which the next movie goes on a list (its item count), read
 * with a snapshot of its own. A volatile function's statements each take a new snapshot, so a
 * statement that waited for the list's row lock counts the item the lock's holder just committed,
 * which the statement's own snapshot, taken before the wait, would miss. SQLite writes one
 * transaction at a time and needs none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function watchlist_next_position(list integer) returns integer language plpgsql volatile as $$
    declare
      items integer;
    begin
      select count(*) into items from watchlist_items where watchlist_id = list;
      return items;
    end $$`,
    )
    .execute(db);
}
