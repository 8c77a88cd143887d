import type { ExportFormat } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import type { ExportData, ExportItem, ExportMovie } from '../imports/formats/exportData';
import { letterboxdZip, movieclubZip, spreadsheetZip } from '../imports/formats/write';
import * as q from './queries';

type Db = Kysely<Database>;

const flag = (value: number | null) => (value === null ? null : value !== 0);

/** Every review, viewing (companions by name), the personal watchlist and the public lists the member owns (moderators by name). */
export async function exportData(db: Db, userId: number): Promise<ExportData> {
  const [user, reviews, viewings, companions, lists] = await Promise.all([
    q.userById(db, userId),
    q.reviewsOf(db, userId),
    q.viewingsOf(db, userId),
    q.companionsOf(db, userId),
    q.listsOwnedBy(db, userId),
  ]);
  if (!user) throw notFound('User not found.', 'user_not_found');
  const listIds = lists.map((list) => list.id);
  const [items, moderators] = await Promise.all([q.itemsOf(db, listIds), q.moderatorsOf(db, listIds)]);

  const movies: Record<string, ExportMovie> = {};
  for (const { tconst, title, year } of [...reviews, ...viewings, ...items]) movies[tconst] ??= { tconst, title, year };
  const withOf = new Map<number, string[]>();
  for (const { viewing_id, username } of companions) withOf.set(viewing_id, [...(withOf.get(viewing_id) ?? []), username]);
  // Stored positions are dense from 0; exports count from 1.
  const itemsOfList = (listId: number): ExportItem[] =>
    items.filter((item) => item.watchlist_id === listId).map((item) => ({ tconst: item.tconst, position: item.position + 1, added_at: item.added_at }));
  const personal = lists.find((list) => list.is_personal === 1);

  return {
    user: { username: user.username, created_at: user.created_at, profile_picture: user.profile_picture },
    movies,
    reviews: reviews.map((review) => ({
      tconst: review.tconst,
      stars: review.stars,
      text: review.text,
      ttm_rating: review.ttm_rating,
      pain_level: review.pain_level,
      smoke_alarms: flag(review.smoke_alarms),
      equipment_seen: flag(review.equipment_seen),
      estimated_budget: review.estimated_budget,
      created_at: review.created_at,
      updated_at: review.updated_at,
    })),
    viewings: viewings.map((viewing) => ({
      tconst: viewing.tconst,
      watched_on: viewing.watched_on,
      rewatch: viewing.rewatch !== 0,
      with: withOf.get(viewing.id) ?? [],
      place: viewing.place,
      note: viewing.note,
      created_at: viewing.created_at,
    })),
    watchlist: personal ? itemsOfList(personal.id) : [],
    lists: lists
      .filter((list) => list.is_personal === 0)
      .map((list) => ({
        name: list.name,
        description_html: list.description,
        created_at: list.created_at,
        items: itemsOfList(list.id),
        moderators: moderators.filter((moderator) => moderator.watchlist_id === list.id).map((moderator) => moderator.username),
      })),
  };
}

const WRITERS: Record<ExportFormat, (data: ExportData, when: Date) => Buffer> = {
  letterboxd: letterboxdZip,
  movieclub: movieclubZip,
  csv: spreadsheetZip,
};

/** The member's export in one format, as a zip, with the name the download suggests. */
export async function exportZip(db: Db, userId: number, format: ExportFormat, when = new Date()): Promise<{ zip: Buffer; fileName: string }> {
  const data = await exportData(db, userId);
  const zip = WRITERS[format](data, when);
  return { zip, fileName: `movieclub-${data.user.username}-${format}-${when.toISOString().slice(0, 10)}.zip` };
}
