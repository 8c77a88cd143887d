import { asOneLine, BUDGET_BANDS, type ImportResult, LIST_NAME_MAX, showsSomething, REVIEW_TEXT_MAX, TTM_GRADES, watchedOn as watchedOnSchema } from '@movieclub/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { type MaterialiseContext, materialiseMovie } from '../movies/service';
import { bumpCatalogueVersion } from '../movies/catalogueCache';
import { HttpError } from '../http/errors';
import { sanitizeDescription } from '../watchlists/sanitize';
import { ensurePersonalList, listsChanged } from '../watchlists/service';
import { appendItem, insertList, updateDescription } from '../watchlists/queries';
import * as aq from './applyQueries';
import { htmlToText } from './formats/write';
import { Pace } from './formats/pace';
import type { ClubReviewFields, ParsedRow } from './formats/types';
import * as q from './queries';
import { joinReasons } from './report';

/**
 * Applies a confirmed import, batch by batch, each batch in one transaction. Every rule
 * keeps what is already here: a row that would repeat a viewing, a list item or a review
 * at least as new changes nothing, so importing the same file twice adds nothing the
 * second time (docs/behaviour.md, *Imports*).
 */

type Trx = Transaction<Database>;
type Club = NonNullable<ParsedRow['club']>;

/** Rows applied per transaction: short enough that other requests wait little for the database. */
const BATCH = 50;
/** Diary rows first, so a watched-only row sees the viewings the diary made; lists last, in order. */
const KIND_ORDER: Record<string, number> = { diary: 0, review: 1, rating: 2, watched: 3, watchlist: 4, list: 5 };

export interface ApplyContext {
  materialise: MaterialiseContext;
  userId: number;
  importId: number;
  source: string | null;
  onProgress: (done: number, total: number) => Promise<void>;
}

interface Outcome {
  outcome: 'added' | 'skipped' | 'unmatched';
  reason: string | null;
}

const emptyResult = (): ImportResult => ({ added: { movies: 0, reviews: 0, viewings: 0, watchlist: 0, lists: 0, list_items: 0 }, skipped: 0, unmatched: 0 });

const validDay = (day: string | null) => day !== null && watchedOnSchema.safeParse(day).success;
const oneOf = <T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null => (allowed.includes(value as T) ? (value as T) : null);
const wholeIn = (value: number | null | undefined, min: number, max: number) => (Number.isInteger(value) && value! >= min && value! <= max ? value! : null);
const flag = (value: number | null | undefined) => (value === 0 || value === 1 ? value : null);

function clubReview(fields: ClubReviewFields | undefined) {
  return {
    ttm_rating: oneOf(fields?.ttm_rating, TTM_GRADES),
    pain_level: wholeIn(fields?.pain_level, 1, 10),
    smoke_alarms: flag(fields?.smoke_alarms),
    equipment_seen: flag(fields?.equipment_seen),
    estimated_budget: oneOf(fields?.estimated_budget, BUDGET_BANDS),
  };
}

class RowApplier {
  readonly result = emptyResult();
  private personalListId: number | null = null;
  private readonly listIds = new Map<number, number>();
  private readonly listNames = new Map<number, string>();
  private readonly skippedLists = new Set<number>();
  private readonly userIds = new Map<string, number | null>();
  /** The batch's movies: the member's review of each, and the days of their viewings ('' for none), read once per batch. */
  private reviews = new Map<number, { id: number; updated_at: string }>();
  private viewingDays = new Map<number, Set<string>>();
  /** Movies whose review this import wrote, and whether with text: kept across batches, unlike `reviews`. */
  private readonly reviewsWritten = new Map<number, { withText: boolean }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly context: ApplyContext,
  ) {}

  /** The personal watchlist and the lists to create (or an own list of the same name to add to). */
  async prepare(): Promise<void> {
    const { userId, importId } = this.context;
    const now = new Date().toISOString();
    for (const list of await q.listsOf(this.db, importId)) {
      // A list's name as one made on a screen would be: one line, with something to show.
      const oneLine = asOneLine(list.name).slice(0, LIST_NAME_MAX).trim();
      const name = showsSomething(oneLine) ? oneLine : 'Imported list';
      this.listNames.set(list.list_index, name);
      if (list.action === 'skip') {
        this.skippedLists.add(list.list_index);
        continue;
      }
      const existing = await aq.ownPublicListNamed(this.db, userId, name);
      if (existing) {
        this.listIds.set(list.list_index, existing.id);
        continue;
      }
      const id = await insertList(this.db, { owner_id: userId, name, is_personal: 0, secret: null, now });
      const description = list.description.trim();
      if (description) {
        const html = this.context.source === 'movieclub' ? description : description.split(/\n{2,}/).map((part) => `<p>${escapeHtml(part)}</p>`).join('');
        await updateDescription(this.db, id, sanitizeDescription(html), now);
      }
      const moderators = (await this.usersByName(JSON.parse(list.moderators) as string[])).filter((id) => id !== userId);
      await aq.addModerators(this.db, id, moderators, now);
      this.listIds.set(list.list_index, id);
      this.result.added.lists += 1;
    }
    if (this.listIds.size > 0) await listsChanged(this.db);
  }

  /** The personal watchlist's id; made before the batch's transaction (on SQLite, one connection serves both). */
  private personalList(): number {
    if (this.personalListId === null) throw new Error('the personal watchlist was not prepared');
    return this.personalListId;
  }

  /** Member ids by name (members unknown here are left out), read with the caller's connection. */
  private async usersByName(names: string[], db: Kysely<Database> | Trx = this.db): Promise<number[]> {
    const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
    const missing = wanted.filter((name) => !this.userIds.has(name));
    for (const name of missing) this.userIds.set(name, null);
    for (const user of await aq.usersNamed(db, missing)) this.userIds.set(user.username_lower, user.id);
    return wanted.map((name) => this.userIds.get(name)).filter((id): id is number => typeof id === 'number');
  }

  /** Brings the batch's titles into the catalogue (outside the batch's transaction: it may ask the metadata service). */
  async moviesFor(rows: q.ImportRowRecord[], pace: Pace): Promise<Map<string, number>> {
    if (this.personalListId === null && rows.some((row) => row.kind === 'watchlist' && row.match === 'matched')) {
      this.personalListId = (await ensurePersonalList(this.db, this.context.userId)).id;
    }
    const ids = new Map<string, number>();
    for (const tconst of new Set(rows.filter((row) => row.match === 'matched' && row.tconst).map((row) => row.tconst!))) {
      await pace.turn();
      try {
        const { id, created } = await materialiseMovie(this.context.materialise, tconst, this.context.userId);
        ids.set(tconst, id);
        if (created) this.result.added.movies += 1;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }
    // What the member already has of these movies, read once rather than row by row.
    const movieIds = [...ids.values()];
    const [reviews, days] = await Promise.all([
      aq.reviewsOfMovies(this.db, this.context.userId, movieIds),
      aq.viewingDaysOfMovies(this.db, this.context.userId, movieIds),
    ]);
    this.reviews = new Map(reviews.map((review) => [review.movie_id, review]));
    this.viewingDays = new Map();
    for (const { movie_id, watched_on } of days) this.daysOf(movie_id).add(watched_on ?? '');
    return ids;
  }

  private daysOf(movieId: number): Set<string> {
    let days = this.viewingDays.get(movieId);
    if (!days) this.viewingDays.set(movieId, (days = new Set()));
    return days;
  }

  /** Whether the member has a viewing of the movie on that day (null: one without a day); without a day given, any viewing. */
  private hasViewing(movieId: number, day?: string | null): boolean {
    const days = this.viewingDays.get(movieId);
    if (!days) return false;
    return day === undefined ? days.size > 0 : days.has(day ?? '');
  }

  async apply(trx: Trx, row: q.ImportRowRecord, movieId: number | undefined): Promise<Outcome> {
    if (row.match !== 'matched' || !row.tconst) {
      const reason = row.match === 'skipped' ? 'Left out.' : row.match === 'ambiguous' ? 'More than one title matched and none was chosen.' : 'No IMDb title matched.';
      return { outcome: 'unmatched', reason };
    }
    if (movieId === undefined) return { outcome: 'unmatched', reason: `${row.tconst} is not in this server's IMDb index.` };
    const club: Club = row.club ? (JSON.parse(row.club) as Club) : {};
    switch (row.kind) {
      case 'watchlist':
        return this.toList(trx, this.personalList(), movieId, row, 'Already on your watchlist.', () => (this.result.added.watchlist += 1));
      case 'list': {
        const index = row.list_index ?? -1;
        const name = this.listNames.get(index) ?? 'the list';
        if (this.skippedLists.has(index)) return { outcome: 'skipped', reason: `You chose to skip the list “${name}”.` };
        const listId = this.listIds.get(index);
        if (listId === undefined) return { outcome: 'skipped', reason: 'The list it belongs to is not in the file.' };
        return this.toList(trx, listId, movieId, row, `Already in the list “${name}”.`, () => (this.result.added.list_items += 1));
      }
      case 'watched':
        if (this.hasViewing(movieId)) return { outcome: 'skipped', reason: 'Already in your diary.' };
        await this.addViewing(trx, movieId, null, row, club);
        return { outcome: 'added', reason: null };
      default:
        return this.rateAndLog(trx, row, movieId, club);
    }
  }

  private async toList(trx: Trx, listId: number, movieId: number, row: q.ImportRowRecord, already: string, count: () => void): Promise<Outcome> {
    const addedAt = validDay(row.rated_on) ? `${row.rated_on}T00:00:00.000Z` : new Date().toISOString();
    if (!(await appendItem(trx, { watchlist_id: listId, movie_id: movieId, added_by: this.context.userId, added_at: addedAt }))) {
      return { outcome: 'skipped', reason: already };
    }
    count();
    return { outcome: 'added', reason: null };
  }

  private async addViewing(trx: Trx, movieId: number, watchedOn: string | null, row: q.ImportRowRecord, club: Club): Promise<void> {
    const createdAt = watchedOn ? `${watchedOn}T12:00:00.000Z` : new Date().toISOString();
    const id = await aq.insertViewing(trx, {
      user_id: this.context.userId,
      movie_id: movieId,
      watched_on: watchedOn,
      rewatch: row.rewatch,
      place: club.place?.trim() || null,
      note: club.note?.trim() || null,
      created_at: createdAt,
    });
    const companions = (await this.usersByName(club.with ?? [], trx)).filter((userId) => userId !== this.context.userId);
    await aq.insertCompanions(trx, id, companions);
    this.daysOf(movieId).add(watchedOn ?? '');
    this.result.added.viewings += 1;
  }

  /** Diary, review and rating rows: a viewing when the row has a day, the review when it is newer than ours. */
  private async rateAndLog(trx: Trx, row: q.ImportRowRecord, movieId: number, club: Club): Promise<Outcome> {
    const reasons: string[] = [];
    let added = false;

    const day = validDay(row.watched_on) ? row.watched_on : null;
    if (row.watched_on && !day) reasons.push(`The watched date ${row.watched_on} is not a day this diary can hold.`);
    // Our own export's undated viewings come back as diary rows without a day.
    const logsViewing = day !== null || (row.kind === 'diary' && !row.watched_on);
    if (logsViewing) {
      if (this.hasViewing(movieId, day)) reasons.push(day ? 'Already in your diary on that day.' : 'Already in your diary.');
      else {
        await this.addViewing(trx, movieId, day, row, club);
        added = true;
      }
    }

    const text = row.review ? (this.context.source === 'movieclub' ? row.review : htmlToText(row.review)).slice(0, REVIEW_TEXT_MAX) || null : null;
    if (row.stars !== null || text !== null) {
      const review = await this.review(trx, row, movieId, text, club);
      if (review === 'added') added = true;
      else reasons.push(review);
    }

    // A film rated elsewhere was watched: it joins the diary, without a day, unless it is there already.
    if (this.context.source !== 'movieclub' && !logsViewing && row.stars !== null && !this.hasViewing(movieId)) {
      await this.addViewing(trx, movieId, null, row, club);
      added = true;
    }
    // An added row keeps the reasons for what of it was left out (review text without a rating, say).
    return added ? { outcome: 'added', reason: joinReasons(reasons) || null } : { outcome: 'skipped', reason: joinReasons(reasons) || 'Nothing to import.' };
  }

  private async review(trx: Trx, row: q.ImportRowRecord, movieId: number, text: string | null, club: Club): Promise<'added' | string> {
    const stars = wholeIn(row.stars, 1, 10);
    const details = club.review;
    const stamp = details?.updated_at ?? (validDay(row.rated_on) ? row.rated_on : null) ?? (validDay(row.watched_on) ? row.watched_on : null);
    const existing = this.reviews.get(movieId);
    if (!existing) {
      if (stars === null) return 'Reviews here need a rating from 1 to 10; this row has none.';
      const when = stamp && stamp.length === 10 ? `${stamp}T12:00:00.000Z` : (stamp ?? new Date().toISOString());
      const id = await aq.insertReview(trx, this.context.userId, movieId, {
        stars,
        text,
        ...clubReview(details),
        created_at: details?.created_at ?? when,
        updated_at: when,
      });
      this.reviews.set(movieId, { id, updated_at: when });
      this.reviewsWritten.set(movieId, { withText: text !== null });
      this.result.added.reviews += 1;
      return 'added';
    }
    const written = this.reviewsWritten.get(movieId);
    // Only a strictly later day (or moment, from our own export) replaces the review here.
    if (stamp === null || stamp <= existing.updated_at.slice(0, stamp.length)) {
      // A review this import wrote from another row takes this row's text when it has none: a Letterboxd
      // export rates a film in diary.csv and gives the words, of that day or an earlier one, in reviews.csv.
      if (!written || written.withText || text === null) return 'Your review here is as new or newer.';
      await aq.updateReview(trx, existing.id, { text });
      written.withText = true;
      return 'added';
    }
    const changes: Partial<aq.ImportedReview> = { updated_at: stamp.length === 10 ? `${stamp}T12:00:00.000Z` : stamp };
    if (stars !== null) changes.stars = stars;
    if (text !== null) changes.text = text;
    if (details) Object.assign(changes, clubReview(details));
    await aq.updateReview(trx, existing.id, changes);
    this.reviews.set(movieId, { id: existing.id, updated_at: changes.updated_at! });
    // Counted once a movie: a later row of the same file replacing this import's own review adds nothing new.
    if (!written) this.result.added.reviews += 1;
    this.reviewsWritten.set(movieId, { withText: text !== null || (written?.withText ?? false) });
    return 'added';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Applies every row of the import; answers what was added, skipped and left unmatched. */
export async function applyImport(db: Kysely<Database>, context: ApplyContext): Promise<ImportResult> {
  const order = (await q.rowOrder(db, context.importId)).sort(
    (a, b) =>
      (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9) ||
      (a.list_index ?? -1) - (b.list_index ?? -1) ||
      (a.position ?? 0) - (b.position ?? 0) ||
      a.id - b.id,
  );
  const applier = new RowApplier(db, context);
  await applier.prepare();
  const pace = new Pace();
  for (let start = 0; start < order.length; start += BATCH) {
    await pace.turn();
    const ids = order.slice(start, start + BATCH).map((row) => row.id);
    const byId = new Map((await q.rowsByIds(db, ids)).map((row) => [row.id, row]));
    const rows = ids.map((id) => byId.get(id)!);
    const movies = await applier.moviesFor(rows, pace);
    await db.transaction().execute(async (trx) => {
      const outcomes = [];
      for (const row of rows) {
        const { outcome, reason } = await applier.apply(trx, row, row.tconst ? movies.get(row.tconst) : undefined);
        if (outcome === 'skipped') applier.result.skipped += 1;
        if (outcome === 'unmatched') applier.result.unmatched += 1;
        outcomes.push({ id: row.id, outcome, reason });
      }
      await q.setOutcomes(trx, outcomes);
    });
    await context.onProgress(Math.min(start + BATCH, order.length), order.length);
  }
  await bumpCatalogueVersion(db);
  if (applier.result.added.watchlist + applier.result.added.list_items > 0) await listsChanged(db);
  return applier.result;
}
