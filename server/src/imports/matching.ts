import { IMPORT_CANDIDATES_MAX, type ImportMatch } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { searchTitles } from '../imdb/search';
import { searchKey } from '../imdb/searchKey';
import { fuzzyScorer } from '../imdb/trigrams';
import { Pace } from './formats/pace';
import { isFilm, otherNames, type TitleFacts, titlesById, titlesNamed, titlesOriginallyNamed } from './titleQueries';

/**
 * Matching a file's rows to IMDb titles, offline, against the server's own index
 * (docs/behaviour.md, *Imports*): by IMDb id when the file gives one; otherwise by
 * title and year: the title's search key (case, accents, punctuation folded) equal to
 * a primary or original title's, the year within one either side, never an episode, series or
 * game; the exact year, feature films and more votes come first.
 */

export interface MatchOutcome {
  match: Exclude<ImportMatch, 'skipped'>;
  tconst: string | null;
  /** Best first: the alternatives of an ambiguous row, the suggestions for an unmatched one. */
  candidates: TitleFacts[];
}

/** A sole front-runner this many times more voted than the next is taken without asking. */
const CLEAR_VOTES_LEAD = 10;
/** Similar titles offered for a row nothing matched. */
const SUGGESTION_MIN_SCORE = 0.5;
/** Imports run in the background, where a fuller answer matters more than a quick one: the title search may read this long (ms). */
const MATCH_SEARCH_BUDGET_MS = 250;

const yearGap = (title: TitleFacts, year: number | null) => (year === null || title.start_year === null ? 0 : Math.abs(title.start_year - year));

/** Exact year first, then feature films, then votes, then id (stable). */
function better(year: number | null) {
  return (a: TitleFacts, b: TitleFacts) =>
    yearGap(a, year) - yearGap(b, year) ||
    Number(b.title_type === 'movie') - Number(a.title_type === 'movie') ||
    (b.num_votes ?? 0) - (a.num_votes ?? 0) ||
    (a.tconst < b.tconst ? -1 : 1);
}

/** Decides between titles whose names equal the row's: one clear best is a match, else the member chooses. */
export function decide(equal: TitleFacts[], year: number | null): MatchOutcome {
  const ranked = [...new Map(equal.map((title) => [title.tconst, title])).values()].sort(better(year));
  const [best, second] = ranked;
  if (!best) return { match: 'unmatched', tconst: null, candidates: [] };
  const candidates = ranked.slice(0, IMPORT_CANDIDATES_MAX);
  if (!second) return { match: 'matched', tconst: best.tconst, candidates };
  const clearlyCloser = yearGap(best, year) < yearGap(second, year);
  const onlyFeature = best.title_type === 'movie' && second.title_type !== 'movie';
  const farMoreVoted = (best.num_votes ?? 0) >= CLEAR_VOTES_LEAD * Math.max(1, second.num_votes ?? 0);
  if (clearlyCloser || onlyFeature || farMoreVoted) return { match: 'matched', tconst: best.tconst, candidates };
  return { match: 'ambiguous', tconst: null, candidates };
}

const sameName = (folded: string) => (title: TitleFacts) =>
  searchKey(title.primary_title) === folded || (title.original_title !== null && searchKey(title.original_title) === folded);

export interface RowToMatch {
  title: string;
  year: number | null;
  tconst: string | null;
}

/**
 * Matches rows, remembering answers for equal titles and years within the call, so a
 * diary that logs a film ten times asks once.
 */
export class TitleMatcher {
  private readonly byName = new Map<string, Promise<MatchOutcome>>();
  // SQLite answers synchronously: without turns, a batch would hold the event loop until it ends.
  private readonly pace = new Pace();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {}

  /** Rows with IMDb ids are looked up together; the rest by name. Answers in the rows' order. */
  async matchAll(rows: RowToMatch[]): Promise<MatchOutcome[]> {
    const ids = [...new Set(rows.map((row) => row.tconst).filter((id): id is string => id !== null))];
    const known = new Map((await titlesById(this.db, ids)).map((title) => [title.tconst, title]));
    const outcomes: MatchOutcome[] = [];
    for (const row of rows) {
      await this.pace.turn();
      const title = row.tconst ? known.get(row.tconst) : undefined;
      // An id this index does not hold: the title and year may still find it.
      outcomes.push(title ? { match: 'matched', tconst: title.tconst, candidates: [title] } : await this.matchByName(row.title, row.year));
    }
    return outcomes;
  }

  matchByName(title: string, year: number | null): Promise<MatchOutcome> {
    const key = `${searchKey(title)}\u0000${year ?? ''}`;
    let answer = this.byName.get(key);
    if (!answer) {
      answer = this.lookUp(title, year);
      this.byName.set(key, answer);
    }
    return answer;
  }

  private async lookUp(title: string, year: number | null): Promise<MatchOutcome> {
    const folded = searchKey(title);
    if (!folded) return { match: 'unmatched', tconst: null, candidates: [] };
    const [named, original] = await Promise.all([titlesNamed(this.db, this.kind, title, year), titlesOriginallyNamed(this.db, title, year)]);
    const exact = [...named, ...original].filter(sameName(folded));
    if (exact.length > 0) return decide(exact, year);

    // Spelled differently (punctuation, accents, case beyond ASCII): the title search proposes, folding decides.
    const found = await searchTitles(this.db, this.kind, title, 20, MATCH_SEARCH_BUDGET_MS);
    const facts = await titlesById(
      this.db,
      found.map((result) => result.tconst),
    );
    // The search finds every type; the exact lookup's rule holds here too.
    const near = facts.filter((candidate) => isFilm(candidate) && (year === null || candidate.start_year === null || Math.abs(candidate.start_year - year) <= 1));
    const equal = near.filter(sameName(folded));
    if (equal.length > 0) return decide(equal, year);

    // Titles named so in another language ('Der Pate') are offered, never taken: only primary and original titles match.
    const pool = [...new Map([...named, ...near].map((candidate) => [candidate.tconst, candidate])).values()];
    const others = await otherNames(
      this.db,
      pool.map((candidate) => candidate.tconst),
    );
    const scoreOf = fuzzyScorer(folded);
    // A suggestion is as close as the nearest of its names: the one the search found it by may not be the primary one.
    const closeness = (candidate: TitleFacts) =>
      Math.max(...[candidate.primary_title, candidate.original_title ?? '', ...(others.get(candidate.tconst) ?? [])].map((name) => scoreOf(name)));
    const suggestions = pool
      .filter((candidate) => closeness(candidate) >= SUGGESTION_MIN_SCORE)
      .sort(better(year))
      .slice(0, IMPORT_CANDIDATES_MAX);
    return { match: 'unmatched', tconst: null, candidates: suggestions };
  }
}
