import type { AverageEntry, ReviewPost, ReviewRead, ReviewUser } from '@movieclub/contract';
import { TTM_GRADE_NUMBER, type TtmGrade } from '@movieclub/contract';
import { type Kysely, sql, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import {
  bumpCatalogueVersion,
  CATALOGUE_VERSION,
  CatalogueCache,
  DISCUSSION_VERSION,
  MEMBERS_VERSION,
  REVIEW_TEXTS_VERSION,
  versionBumpIf,
  versionOf,
} from '../movies/catalogueCache';
import { allReviewVersions, reviewVersionsOf } from './movieVersions';
import { dialectOf } from '../db/database';
import { ownReactionsToReviewsOf, removeReviews, REVIEW_NOT_FOUND, reviewSocial, type Viewer } from '../comments/service';
import { firstViewingStatement, logFirstViewing } from '../viewings/service';
import { reviewAuthor } from '../comments/queries';
import { membersNamed, mentionCandidates } from '../comments/text';
import * as queries from './queries';

const flagToNumber = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
const numberToFlag = (value: number | null) => (value === null ? null : value !== 0);

/** The detail fields the client sent, in storage form; left-out fields stay out so they keep their value. */
function detailChanges(input: ReviewPost): Partial<queries.ReviewFields> & { spoiler?: number } {
  const changes: Partial<queries.ReviewFields> & { spoiler?: number } = {};
  if (input.ttm_rating !== undefined) changes.ttm_rating = input.ttm_rating;
  if (input.pain_level !== undefined) changes.pain_level = input.pain_level;
  if (input.smoke_alarms !== undefined) changes.smoke_alarms = flagToNumber(input.smoke_alarms);
  if (input.equipment_seen !== undefined) changes.equipment_seen = flagToNumber(input.equipment_seen);
  if (input.estimated_budget !== undefined) changes.estimated_budget = input.estimated_budget;
  // An empty text box means no text.
  if (input.text !== undefined) changes.text = input.text?.trim() ? input.text : null;
  if (input.spoiler !== undefined) changes.spoiler = input.spoiler ? 1 : 0;
  return changes;
}

/** Creates or updates the user's one review of the movie; says which. */
export async function saveReview(db: Kysely<Database>, userId: number, input: ReviewPost): Promise<{ created: boolean }> {
  const now = new Date().toISOString();
  const saved = dialectOf(db) === 'postgres' ? await saveInOneStatement(db, userId, input, now) : await saveInTurn(db, userId, input, now);
  if (!saved) throw notFound('That movie is not in the catalogue.');
  // An update keeps the first created_at.
  return { created: saved.created_at === now };
}

/** The review, then its first viewing, then the versions: a reader who sees a new version sees both. */
async function saveInTurn(db: Kysely<Database>, userId: number, input: ReviewPost, now: string) {
  const saved = await queries.reviewUpsert(db, { user_id: userId, movie_id: input.movie_id }, input.stars, detailChanges(input), now).executeTakeFirst();
  if (!saved) return undefined;
  await logFirstViewing(db, userId, input.movie_id);
  // A rating that leaves the review's text alone, and the review has none, changes no movie's excerpt.
  await bumpCatalogueVersion(db, { texts: input.text !== undefined || Boolean(saved.text) });
  return saved;
}

/**
 * `saveInTurn` as one statement, for PostgreSQL: one round trip and one commit instead of three,
 * each of which waited its turn for a connection under load. The three writes become visible at once.
 */
function saveInOneStatement(db: Kysely<Database>, userId: number, input: ReviewPost, now: string) {
  const saved = sql<SqlBool>`exists (select 1 from saved)`;
  const savedWithText = sql<SqlBool>`exists (select 1 from saved where text is not null and text <> '')`;
  return db
    .with('saved', () => queries.reviewUpsert(db, { user_id: userId, movie_id: input.movie_id }, input.stars, detailChanges(input), now))
    .with('viewing', () => firstViewingStatement(db, userId, input.movie_id, now, saved))
    .with('catalogue', () => versionBumpIf(db, CATALOGUE_VERSION, saved))
    .with('texts', () => versionBumpIf(db, REVIEW_TEXTS_VERSION, input.text !== undefined ? saved : savedWithText))
    .selectFrom('saved')
    .select(['created_at', 'text'])
    .executeTakeFirst();
}

/** Stars to 2 decimals and the count, as the client shows them. */
function averageEntry(row: { avg: number | string; count: number | string }): AverageEntry {
  return { avg: Math.round(Number(row.avg) * 100) / 100, count: Number(row.count) };
}

// Answers read on every page, kept per catalogue version (a saved review or a new picture makes a new one).
const everyAverage = new CatalogueCache<Map<number, AverageEntry>>(1);
const averageAnswers = new CatalogueCache<Record<string, AverageEntry>>(2000);
const recentAnswers = new CatalogueCache<Record<string, ReviewUser[]>>(2000);
const reviewAnswers = new CatalogueCache<ReviewRead[]>(2000);

/** Every reviewed movie's average stars (to 2 decimals) and review count, kept per catalogue version. */
export function everyAverageByMovie(db: Kysely<Database>, version?: string): Promise<Map<number, AverageEntry>> {
  return everyAverage.get(db, 'all', () => averagesNow(db), version);
}

/** The averages last read, each with the review version of its movie when it was read. */
const lastAverages = new WeakMap<Kysely<Database>, { versions: Map<number, number>; averages: Map<number, AverageEntry> }>();

/**
 * Every average, read again only for the movies whose review version changed since the last
 * read: a catalogue made again after one review reads that movie's, not every review's.
 * The versions are read first, so an average is never older than the version it is kept with,
 * and a movie whose version moves on is read again, whichever read finished last.
 */
async function averagesNow(db: Kysely<Database>): Promise<Map<number, AverageEntry>> {
  const versions = await allReviewVersions(db);
  const last = lastAverages.get(db);
  let averages: Map<number, AverageEntry>;
  if (!last) {
    averages = new Map((await queries.averageStars(db)).map((row) => [row.movie_id, averageEntry(row)]));
  } else {
    const changed = [...versions].filter(([id, version]) => last.versions.get(id) !== version).map(([id]) => id);
    for (const id of last.versions.keys()) if (!versions.has(id)) changed.push(id);
    averages = new Map(last.averages);
    if (changed.length > 0) {
      const rows = await queries.averageStarsOf(db, changed);
      for (const id of changed) averages.delete(id);
      for (const row of rows) averages.set(row.movie_id, averageEntry(row));
    }
  }
  lastAverages.set(db, { versions, averages });
  return averages;
}

/**
 * `{<movieId>: {avg, count}}` for the listed movies that have reviews, kept per list until one of
 * its movies' reviews changes (a page's movies are asked for by everyone who opens it, and a busy
 * club's other reviews leave them be).
 */
export async function averagesFor(db: Kysely<Database>, movieIds: number[]): Promise<Record<string, AverageEntry>> {
  if (movieIds.length === 0) return {};
  const version = await reviewVersionsOf(db, movieIds);
  return averageAnswers.get(
    db,
    movieIds.join(','),
    async () => {
      const averages: Record<string, AverageEntry> = {};
      for (const row of await queries.averageStarsOf(db, movieIds)) averages[String(row.movie_id)] = averageEntry(row);
      return averages;
    },
    version,
  );
}

/**
 * `{<movieId>: [{username, profile_picture}]}` newest first; movies without reviews get an empty
 * list. Kept until one of the movies' reviews or a member's picture changes.
 */
export async function recentFor(db: Kysely<Database>, movieIds: number[], limit: number): Promise<Record<string, ReviewUser[]>> {
  const [reviews, members] = await Promise.all([reviewVersionsOf(db, movieIds), versionOf(db, [MEMBERS_VERSION])]);
  return recentAnswers.get(db, `${limit}:${movieIds.join(',')}`, () => readRecent(db, movieIds, limit), `${reviews}:${members}`);
}

async function readRecent(db: Kysely<Database>, movieIds: number[], limit: number): Promise<Record<string, ReviewUser[]>> {
  const recent: Record<string, ReviewUser[]> = {};
  for (const id of movieIds) recent[String(id)] = [];
  if (movieIds.length === 0) return recent;
  for (const row of await queries.recentReviewers(db, movieIds, limit)) {
    recent[String(row.movie_id)].push({ username: row.username, profile_picture: row.profile_picture });
  }
  return recent;
}

type ReviewRow = Awaited<ReturnType<typeof queries.movieReviews>>[number];
/** A review as stored (changed only by saving it, so kept per catalogue version); mentions, comments and reactions are read fresh. */
type StoredReview = Omit<ReviewRead, 'comment_count' | 'reactions' | 'mentions'>;

/** A review row in the read shape (field names as the client knows them). */
function toStoredReview(row: ReviewRow): StoredReview {
  return {
    id: row.id,
    user: { username: row.username, profile_picture: row.profile_picture },
    created_at: row.created_at,
    ttm_rating: row.ttm_rating,
    stars: row.stars,
    acting: row.stars,
    trash_rating: row.ttm_rating ? (TTM_GRADE_NUMBER[row.ttm_rating as TtmGrade] ?? null) : null,
    smoke_alerms: numberToFlag(row.smoke_alarms),
    how_painful: row.pain_level,
    movie_equipment_seen: numberToFlag(row.equipment_seen),
    estitamated_budget: row.estimated_budget,
    text: row.text,
    spoiler: row.spoiler !== 0,
  };
}

/** The members each text mentions (as they are now: a member who joins later links from then on), in their own spelling. */
async function mentionsIn(db: Kysely<Database>, texts: (string | null)[]): Promise<string[][]> {
  const names = texts.map((text) => (text ? mentionCandidates(text) : []));
  const members = await membersNamed(db, [...new Set(names.flat())]);
  return names.map((list) => list.flatMap((name) => members.get(name)?.username ?? []));
}

/** Reviews with their mentions, comment counts and reactions (the viewer's own among them) as they are now. */
async function withDiscussion(db: Kysely<Database>, reviews: StoredReview[], viewerId: number | null): Promise<ReviewRead[]> {
  const [social, mentions] = await Promise.all([reviewSocial(db, reviews.map((review) => review.id), viewerId), mentionsIn(db, reviews.map((review) => review.text))]);
  return reviews.map((review, index) => ({ ...review, mentions: mentions[index], ...social(review.id) }));
}

/** Who a member's review of a movie mentions, for notifying them. */
export async function reviewMentions(db: Kysely<Database>, userId: number, movieId: number) {
  const row = await queries.userReview(db, userId, movieId);
  if (!row?.text) return null;
  const members = await membersNamed(db, mentionCandidates(row.text));
  const title = (await db.selectFrom('movies').select('title').where('id', '=', movieId).executeTakeFirst())?.title ?? '';
  return { reviewId: row.id, title, mentionedUserIds: [...members.values()].map((member) => member.id) };
}

/**
 * A movie's reviews in the read shape; `mine` of the reactions is the viewer's (none when signed out).
 * As a visitor reads them they are kept until the catalogue or the discussion changes (one read of
 * both versions); a member's own reactions are one more read, made when anyone reacted to them.
 */
export async function reviewsForMovie(db: Kysely<Database>, movieId: number, limit: number, viewerId: number | null = null): Promise<ReviewRead[]> {
  const kept = async () => {
    const [reviews, others] = await Promise.all([reviewVersionsOf(db, [movieId]), versionOf(db, [MEMBERS_VERSION, DISCUSSION_VERSION])]);
    const version = `${reviews}:${others}`;
    return reviewAnswers.get(
      db,
      `${movieId}:${limit}`,
      async () => {
        // A movie with reviews exists; only one without needs asking (each read waits its turn for a connection).
        const rows = await queries.movieReviews(db, movieId, limit);
        if (rows.length === 0 && !(await queries.movieExists(db, movieId))) throw notFound('Movie not found.');
        return withDiscussion(db, rows.map(toStoredReview), null);
      },
      version,
    );
  };
  const reviews = await kept();
  // Nobody had reacted to these reviews when their versions were read, so the viewer had not either:
  // no read for the member's own reactions (most reviews have none).
  if (viewerId === null || !reviews.some((review) => Object.keys(review.reactions.counts).length > 0)) return reviews;
  const mine = await ownReactionsToReviewsOf(db, movieId, viewerId);
  return reviews.map((review) => ({ ...review, reactions: { ...review.reactions, mine: mine.get(review.id) ?? [] } }));
}

/** The user's own review of a movie in the read shape, or null when they have none. */
export async function userReviewOfMovie(db: Kysely<Database>, userId: number, movieId: number): Promise<ReviewRead | null> {
  if (!(await queries.movieExists(db, movieId))) throw notFound('Movie not found.');
  const row = await queries.userReview(db, userId, movieId);
  return row ? (await withDiscussion(db, [toStoredReview(row)], userId))[0] : null;
}

export const CANNOT_DELETE_REVIEW = 'You cannot delete this review.';

/**
 * Deletes a review with its comments, reactions and what they told people: its author or a site
 * admin. The diary keeps the viewing its first rating logged (watching happened; the opinion is
 * withdrawn). Answers the review's movie and the members whose notifications went.
 */
export async function deleteReview(db: Kysely<Database>, reviewId: number, viewer: NonNullable<Viewer>): Promise<{ movieId: number; told: number[] }> {
  const review = await reviewAuthor(db, reviewId);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.user_id !== viewer.id && !viewer.admin) throw forbidden(CANNOT_DELETE_REVIEW);
  const told = await removeReviews(db, [reviewId]);
  return { movieId: review.movie_id, told };
}
