import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClubEvent } from './formats';

type Db = Kysely<Database>;

export interface OutboxRow {
  id: number;
  event: ClubEvent;
  attempts: number;
}

export function enqueue(db: Db, event: ClubEvent, now: string) {
  return db.insertInto('webhook_outbox').values({ event: JSON.stringify(event), attempts: 0, next_attempt_at: now, claimed_until: null, created_at: now }).execute();
}

/**
 * Takes the oldest waiting event to send, until `until`; events go out strictly in order,
 * so when the oldest is not due yet (a retry waiting) or another process is sending it,
 * nothing is taken and the answer says when to look again. Null: nothing is waiting.
 */
export async function claimOldest(db: Db, now: string, until: string): Promise<{ row: OutboxRow } | { lookAgainAt: string } | null> {
  const oldest = await db.selectFrom('webhook_outbox').selectAll().orderBy('id').limit(1).executeTakeFirst();
  if (!oldest) return null;
  if (oldest.next_attempt_at > now) return { lookAgainAt: oldest.next_attempt_at };
  if (oldest.claimed_until !== null && oldest.claimed_until > now) return { lookAgainAt: oldest.claimed_until };
  // Only if nobody took it meanwhile: of two processes racing, one updates the row and the other finds it taken.
  const taken = await db
    .updateTable('webhook_outbox')
    .set({ claimed_until: until })
    .where('id', '=', oldest.id)
    .where('attempts', '=', oldest.attempts)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return { lookAgainAt: until };
  return { row: { id: Number(oldest.id), event: JSON.parse(oldest.event) as ClubEvent, attempts: Number(oldest.attempts) } };
}

export function remove(db: Db, id: number) {
  return db.deleteFrom('webhook_outbox').where('id', '=', id).execute();
}

export function retryLater(db: Db, id: number, attempts: number, at: string) {
  return db.updateTable('webhook_outbox').set({ attempts, next_attempt_at: at, claimed_until: null }).where('id', '=', id).execute();
}

export function anyWaiting(db: Db) {
  return db.selectFrom('webhook_outbox').select('id').limit(1).executeTakeFirst();
}
