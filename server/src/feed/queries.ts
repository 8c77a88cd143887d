import { FEED_KINDS, type FeedKind } from '@movieclub/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Where a page starts: strictly older than this event in the feed's order. */
export interface FeedPosition {
  at: string;
  kind: FeedKind;
  id1: number;
  id2: number;
}

/** One event as the union reads it: its kind, time, order keys and the rows it points at. */
export interface FeedRow {
  kind: FeedKind;
  at: string;
  id1: number;
  id2: number;
  actor_id: number | null;
  movie_id: number | null;
  list_id: number | null;
  screening_id: number | null;
}

/**
 * Ties at one moment fall back on the kind's place in FEED_KINDS, then on the row's keys
 * (id, or list and movie for a list addition), all descending.
 */
const rankOf = (kind: FeedKind) => FEED_KINDS.indexOf(kind);

/** Import statuses that mean its rows were (or were being) written. */
const APPLIED_IMPORT = ['importing', 'done', 'failed'];

interface Branch {
  kind: FeedKind;
  /** The time column and the key columns, as SQL. */
  at: string;
  id1: string;
  id2: string | null;
  actor: string | null;
  movie: string | null;
  list: string | null;
  screening: string | null;
  from: RawBuilder<unknown>;
  /** Conditions besides the page position and mutes. */
  where: RawBuilder<unknown>[];
}

const column = (expression: string | null) => (expression === null ? sql`cast(null as integer)` : sql.raw(expression));

/** The time one second after `expression`, as the same ISO-8601 text, in each dialect. */
function plusOneSecond(db: Db, expression: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char((${sql.raw(expression)}::timestamptz + interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.raw(expression)}, '+1 second')`;
}

function branches(db: Db): Branch[] {
  const publicList = (alias: string) => sql.raw(`${alias}.is_personal = 0`);
  return [
    {
      kind: 'review',
      at: 'r.created_at',
      id1: 'r.id',
      id2: null,
      actor: 'r.user_id',
      movie: 'r.movie_id',
      list: null,
      screening: null,
      from: sql`reviews r`,
      where: [],
    },
    {
      kind: 'viewing',
      at: 'v.created_at',
      id1: 'v.id',
      id2: null,
      actor: 'v.user_id',
      movie: 'v.movie_id',
      list: null,
      screening: null,
      from: sql`viewings v`,
      where: [
        // The viewing a first review logs: same member and movie, made within a second after the review.
        sql`not exists (select 1 from reviews fr where fr.user_id = v.user_id and fr.movie_id = v.movie_id
              and v.created_at >= fr.created_at and v.created_at <= ${plusOneSecond(db, 'fr.created_at')})`,
        // A dated imported viewing is stamped noon UTC of its day.
        sql`(v.watched_on is null or v.created_at <> v.watched_on || 'T12:00:00.000Z')`,
        // An undated one is stamped while its member's import was being applied.
        sql`(v.watched_on is not null or not exists (select 1 from imports i where i.user_id = v.user_id
              and i.status in (${sql.join(APPLIED_IMPORT)}) and v.created_at >= i.created_at and v.created_at <= i.updated_at))`,
      ],
    },
    {
      kind: 'movie_added',
      at: 'm.date_added',
      id1: 'm.id',
      id2: null,
      actor: 'm.added_by',
      movie: 'm.id',
      list: null,
      screening: null,
      from: sql`movies m`,
      where: [],
    },
    {
      kind: 'list_addition',
      at: 'wi.added_at',
      id1: 'wi.watchlist_id',
      id2: 'wi.movie_id',
      actor: 'wi.added_by',
      movie: 'wi.movie_id',
      list: 'wi.watchlist_id',
      screening: null,
      from: sql`watchlist_items wi inner join watchlists w on w.id = wi.watchlist_id`,
      where: [publicList('w')],
    },
    {
      kind: 'pick',
      at: 'w.picked_at',
      id1: 'w.id',
      id2: null,
      // Picks made before who drew them was kept are the owner's.
      actor: 'coalesce(w.picked_by, w.owner_id)',
      movie: 'w.picked_movie_id',
      list: 'w.id',
      screening: null,
      from: sql`watchlists w`,
      where: [sql`w.picked_at is not null`, sql`w.picked_movie_id is not null`, publicList('w')],
    },
    {
      kind: 'screening_scheduled',
      at: 's.created_at',
      id1: 's.id',
      id2: null,
      actor: 's.created_by',
      movie: 's.picked_movie_id',
      list: 's.watchlist_id',
      screening: 's.id',
      from: sql`screenings s inner join watchlists w on w.id = s.watchlist_id`,
      where: [sql`s.status <> 'cancelled'`, publicList('w')],
    },
    {
      kind: 'screening_picked',
      at: 's.picked_at',
      id1: 's.id',
      id2: null,
      // Picks made before who drew them was kept are the planner's.
      actor: 'coalesce(s.picked_by, s.created_by)',
      movie: 's.picked_movie_id',
      list: 's.watchlist_id',
      screening: 's.id',
      from: sql`screenings s inner join watchlists w on w.id = s.watchlist_id`,
      where: [sql`s.picked_at is not null`, sql`s.picked_movie_id is not null`, sql`s.status <> 'cancelled'`, publicList('w')],
    },
    {
      kind: 'member_joined',
      at: 'u.created_at',
      id1: 'u.id',
      id2: null,
      actor: 'u.id',
      movie: null,
      list: null,
      screening: null,
      from: sql`users u`,
      where: [],
    },
  ];
}

/**
 * The branch's rows older than `before` in the feed's order, as a condition whose first
 * part is a plain range on the time column (so its index serves it).
 */
function positionCondition(branch: Branch, before: FeedPosition | null): RawBuilder<unknown> | null {
  if (!before) return null;
  const at = sql.raw(branch.at);
  const mine = rankOf(branch.kind);
  const theirs = rankOf(before.kind);
  if (mine < theirs) return sql`${at} <= ${before.at}`;
  if (mine > theirs) return sql`${at} < ${before.at}`;
  const id1 = sql.raw(branch.id1);
  const id2 = branch.id2 === null ? sql`0` : sql.raw(branch.id2);
  return sql`${at} <= ${before.at} and (${at} < ${before.at} or ${id1} < ${before.id1} or (${id1} = ${before.id1} and ${id2} < ${before.id2}))`;
}

/** The newest `limit` events older than `before`, without the viewer's muted members as actors. */
export async function feedPage(db: Db, viewerId: number | null, before: FeedPosition | null, limit: number): Promise<FeedRow[]> {
  const parts = branches(db).map((branch) => {
    const conditions = [sql.raw(`${branch.at} is not null`), ...branch.where];
    const position = positionCondition(branch, before);
    if (position) conditions.push(position);
    if (viewerId !== null && branch.actor !== null) {
      conditions.push(sql`(${sql.raw(branch.actor)} is null or ${sql.raw(branch.actor)} not in (select muted_id from mutes where user_id = ${viewerId}))`);
    }
    const id2 = branch.id2 === null ? sql`0` : sql.raw(branch.id2);
    // Each branch takes its own newest rows first (an index walk), so the union sorts a few pages at most.
    return sql`select * from (select ${sql.raw(String(rankOf(branch.kind)))} as kind_rank, ${sql.raw(branch.at)} as event_at, ${sql.raw(branch.id1)} as id1, ${id2} as id2,
        ${column(branch.actor)} as actor_id, ${column(branch.movie)} as movie_id, ${column(branch.list)} as list_id, ${column(branch.screening)} as screening_id
      from ${branch.from}
      where ${sql.join(conditions, sql` and `)}
      order by ${sql.raw(branch.at)} desc, ${sql.raw(branch.id1)} desc${branch.id2 === null ? sql`` : sql`, ${sql.raw(branch.id2)} desc`}
      limit ${limit}) ${sql.raw(`b_${branch.kind}`)}`;
  });
  const query = sql<Omit<FeedRow, 'kind' | 'at'> & { kind_rank: number; event_at: string }>`select * from (${sql.join(parts, sql` union all `)}) feed
    order by event_at desc, kind_rank desc, id1 desc, id2 desc
    limit ${limit}`;
  const { rows } = await query.execute(db);
  return rows.map(({ kind_rank, event_at, ...row }) => ({
    ...row,
    at: event_at,
    kind: FEED_KINDS[Number(kind_rank)],
    id1: Number(row.id1),
    id2: Number(row.id2),
  }));
}

export function membersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username', 'profile_picture']).where('id', 'in', ids).execute();
}

export function moviesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('movies').select(['id', 'title', 'year', 'poster']).where('id', 'in', ids).execute();
}

export function reviewsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviews as r')
    .select((eb) => [
      'r.id',
      'r.stars',
      'r.text',
      'r.spoiler',
      eb.selectFrom('comments as c').select((inner) => inner.fn.countAll<number | string>().as('n')).whereRef('c.review_id', '=', 'r.id').as('comment_count'),
    ])
    .where('r.id', 'in', ids)
    .execute();
}

export function companionsOf(db: Db, viewingIds: number[]) {
  if (viewingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('viewing_companions as vc')
    .innerJoin('users as u', 'u.id', 'vc.user_id')
    .select(['vc.viewing_id', 'u.username', 'u.profile_picture'])
    .where('vc.viewing_id', 'in', viewingIds)
    .orderBy('u.username_lower')
    .execute();
}

export function listsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('watchlists').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function screeningsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('screenings').select(['id', 'starts_at']).where('id', 'in', ids).execute();
}

export function findMember(db: Db, username: string) {
  return db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

export function mutedBy(db: Db, userId: number) {
  return db
    .selectFrom('mutes as m')
    .innerJoin('users as u', 'u.id', 'm.muted_id')
    .select(['u.username', 'u.profile_picture'])
    .where('m.user_id', '=', userId)
    .orderBy('u.username_lower')
    .execute();
}

export async function mute(db: Db, userId: number, mutedId: number, now: string): Promise<void> {
  await db.insertInto('mutes').values({ user_id: userId, muted_id: mutedId, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'muted_id']).doNothing()).execute();
}

export async function unmute(db: Db, userId: number, mutedId: number): Promise<void> {
  await db.deleteFrom('mutes').where('user_id', '=', userId).where('muted_id', '=', mutedId).execute();
}
