import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addMovie, addReview, createUser, type SignedInUser } from '../testing/factories';
import type { TestApp } from '../testing/testApp';

/** Today in UTC: the day the seed's "recent" viewings happen, which makes their loggers club members now. */
export const TODAY = new Date().toISOString().slice(0, 10);
export const THIS_YEAR = new Date().getUTCFullYear();

type Names = 'ann' | 'bob' | 'cid' | 'dee' | 'eve' | 'fay';
type Titles = 'Alpha' | 'Bravo' | 'Charlie' | 'Delta' | 'Echo' | 'Foxtrot' | 'Golf' | 'Hotel';

export interface InsightClub {
  members: Record<Names, SignedInUser>;
  movies: Record<Titles, number>;
  /** `{prefix}_{name}`. */
  name(who: Names): string;
}

async function logViewing(
  db: Kysely<Database>,
  row: { user_id: number; movie_id: number; watched_on: string | null; rewatch?: number },
  companions: number[] = [],
): Promise<void> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('viewings')
    .values({ rewatch: 0, place: null, note: null, created_at: now, updated_at: now, ...row })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (companions.length > 0) await db.insertInto('viewing_companions').values(companions.map((user_id) => ({ viewing_id: id, user_id }))).execute();
}

/**
 * The small club the insight tests compute by hand. Reviews (stars; time, TTM grade, pain, smoke alarms):
 *
 * | movie (year, minutes, genres)        | ann                           | bob      | cid      | eve      | fay      |
 * |--------------------------------------|-------------------------------|----------|----------|----------|----------|
 * | Alpha (1984, 90, Horror,Comedy)      | 9 (2024-03-01, A, 2, 1)       | 8 (04-01)| 2 (02-01)|          |          |
 * | Bravo (1999, 120, Drama)             | 3 (2024-03-02, F, 8, 0)       | 9 (04-02)| 5 (02-02)|          |          |
 * | Charlie (1991, no length, Horror)    | 7 (2024-05-10, A)             | 6 (06-01)| 7 (02-03)|          |          |
 * | Delta (2010, 100, Comedy,Drama)      | 10 (2023-12-31 23:00, S, 3, 2)|          |          | 4 (2023-06-01) |    |
 * | Echo (1975, 80, no genres)           |                               |          |          |          | 8 (2024-08-01) |
 * | Foxtrot (2001, 95, Drama)            | nobody has seen it                                                        |
 * | Golf (2005, 100, Action)             | 6 (2024-07-01)                | 6 (07-02)| 6 (07-03)| 6 (2023-06-02) |    |
 * | Hotel (2005, 100, Action)            | 4 (2024-07-01)                | 8 (07-02)| 6 (07-03)|          |          |
 *
 * (bob's and cid's are in 2024.) Viewings (day; rewatch; tagged):
 * ann: Alpha 2024-03-01 (bob), Bravo 2024-03-02, Charlie 2024-03-03, Alpha 2024-03-05 (rewatch), Delta undated,
 *      Echo 2023-07-14, Echo today (rewatch).
 * bob: Alpha 2024-03-01 (ann), Bravo 2024-04-02 (cid, ann), Echo today (cid).
 * cid: Charlie 2024-02-10 (ann, dee).   eve: Delta 2023-06-01.   dee: nothing of her own.
 */
export async function insightClub(app: TestApp, prefix: string): Promise<InsightClub> {
  const db = app.database.db;
  const name = (who: Names) => `${prefix}_${who}`;
  const members = {} as Record<Names, SignedInUser>;
  for (const who of ['ann', 'bob', 'cid', 'dee', 'eve', 'fay'] as const) members[who] = await createUser(app, name(who));
  const movie = (title: Titles, year: number, length: number | null, genres: string | null) =>
    addMovie(db, { title, year, length, genres, poster: `/posters/${title.toLowerCase()}.jpg` }).then((row) => row.id);
  const movies: Record<Titles, number> = {
    Alpha: await movie('Alpha', 1984, 90, 'Horror,Comedy'),
    Bravo: await movie('Bravo', 1999, 120, 'Drama'),
    Charlie: await movie('Charlie', 1991, null, 'Horror'),
    Delta: await movie('Delta', 2010, 100, 'Comedy,Drama'),
    Echo: await movie('Echo', 1975, 80, null),
    Foxtrot: await movie('Foxtrot', 2001, 95, 'Drama'),
    Golf: await movie('Golf', 2005, 100, 'Action'),
    Hotel: await movie('Hotel', 2005, 100, 'Action'),
  };
  const id = (who: Names) => members[who].id;
  const review = (who: Names, title: Titles, stars: number, day: string, details: { ttm_rating?: string; pain_level?: number; smoke_alarms?: number } = {}) =>
    addReview(db, { user_id: id(who), movie_id: movies[title], stars, created_at: day.length === 10 ? `${day}T10:00:00.000Z` : day, ...details });

  await review('ann', 'Alpha', 9, '2024-03-01', { ttm_rating: 'A', pain_level: 2, smoke_alarms: 1 });
  await review('ann', 'Bravo', 3, '2024-03-02', { ttm_rating: 'F', pain_level: 8, smoke_alarms: 0 });
  await review('ann', 'Charlie', 7, '2024-05-10', { ttm_rating: 'A' });
  await review('ann', 'Delta', 10, '2023-12-31T23:00:00.000Z', { ttm_rating: 'S', pain_level: 3, smoke_alarms: 2 });
  await review('ann', 'Golf', 6, '2024-07-01');
  await review('ann', 'Hotel', 4, '2024-07-01');
  await review('bob', 'Alpha', 8, '2024-04-01');
  await review('bob', 'Bravo', 9, '2024-04-02');
  await review('bob', 'Charlie', 6, '2024-06-01');
  await review('bob', 'Golf', 6, '2024-07-02');
  await review('bob', 'Hotel', 8, '2024-07-02');
  await review('cid', 'Alpha', 2, '2024-02-01');
  await review('cid', 'Bravo', 5, '2024-02-02');
  await review('cid', 'Charlie', 7, '2024-02-03');
  await review('cid', 'Golf', 6, '2024-07-03');
  await review('cid', 'Hotel', 6, '2024-07-03');
  await review('eve', 'Delta', 4, '2023-06-01');
  await review('eve', 'Golf', 6, '2023-06-02');
  await review('fay', 'Echo', 8, '2024-08-01');

  const view = (who: Names, title: Titles, watched_on: string | null, rewatch = 0, tagged: Names[] = []) =>
    logViewing(db, { user_id: id(who), movie_id: movies[title], watched_on, rewatch }, tagged.map(id));
  await view('ann', 'Alpha', '2024-03-01', 0, ['bob']);
  await view('ann', 'Bravo', '2024-03-02');
  await view('ann', 'Charlie', '2024-03-03');
  await view('ann', 'Alpha', '2024-03-05', 1);
  await view('ann', 'Delta', null);
  await view('ann', 'Echo', '2023-07-14');
  await view('ann', 'Echo', TODAY, 1);
  await view('bob', 'Alpha', '2024-03-01', 0, ['ann']);
  await view('bob', 'Bravo', '2024-04-02', 0, ['cid', 'ann']);
  await view('bob', 'Echo', TODAY, 0, ['cid']);
  await view('cid', 'Charlie', '2024-02-10', 0, ['ann', 'dee']);
  await view('eve', 'Delta', '2023-06-01');
  return { members, movies, name };
}
