import { RECOMMENDATION_EXCERPT_MAX, type RecommendationReason } from '@movieclub/contract';
/**
 * The pure arithmetic behind recommendations: content similarity from IMDb
 * facts, item-to-item similarity over this site's stars, and how they blend.
 */

/** What the scoring knows about a title, from the IMDb index or, failing that, the catalogue. */
export interface TitleFacts {
  tconst: string;
  title: string;
  titleType: string | null;
  genres: string[];
  year: number | null;
  runtime: number | null;
  rating: number | null;
  votes: number | null;
}

/** Co-rating evidence for one candidate: adjusted cosine and how many users rated both. */
export interface CoRating {
  similarity: number;
  common: number;
}

export { parseGenres } from '../imdb/genres';

export const STARS_MIDPOINT = 5.5;
/** How many imaginary mid-scale ratings pull a user's mean towards the midpoint. */
export const MEAN_PRIOR_WEIGHT = 2;

/**
 * A user's mean stars, shrunk towards the middle of the scale. Without the
 * shrinkage a user who rated only two films, both 9, would have no deviation
 * at all and so say nothing about how alike the two films are.
 */
export function shrunkMean(sum: number, count: number): number {
  return (sum + STARS_MIDPOINT * MEAN_PRIOR_WEIGHT) / (count + MEAN_PRIOR_WEIGHT);
}

/** The sums of paired deviations an adjusted cosine is made of, however they were added up. */
export interface DeviationSums {
  dot: number;
  firstNorm: number;
  secondNorm: number;
  common: number;
}

/** The cosine of those sums; zero when either side has no spread at all. */
export function cosineOfSums({ dot, firstNorm, secondNorm, common }: DeviationSums): CoRating {
  const denominator = Math.sqrt(firstNorm) * Math.sqrt(secondNorm);
  return { similarity: denominator === 0 ? 0 : dot / denominator, common };
}

/**
 * Cosine of paired deviations from a mean: the core of the adjusted cosine. Each
 * pair is one shared rating, already minus its mean.
 */
export function cosineOfDeviations(pairs: Iterable<readonly [number, number]>): CoRating {
  const sums: DeviationSums = { dot: 0, firstNorm: 0, secondNorm: 0, common: 0 };
  for (const [a, b] of pairs) {
    sums.dot += a * b;
    sums.firstNorm += a * a;
    sums.secondNorm += b * b;
    sums.common++;
  }
  return cosineOfSums(sums);
}

/**
 * Adjusted cosine between the source and one candidate, over the users who
 * rated both: each rating minus that user's mean, so generous and harsh
 * raters count alike.
 */
export function adjustedCosine(
  source: ReadonlyMap<number, number>,
  candidate: ReadonlyMap<number, number>,
  means: ReadonlyMap<number, number>,
): CoRating {
  const pairs: [number, number][] = [];
  for (const [userId, candidateStars] of candidate) {
    const sourceStars = source.get(userId);
    if (sourceStars === undefined) continue;
    const mean = means.get(userId) ?? STARS_MIDPOINT;
    pairs.push([sourceStars - mean, candidateStars - mean]);
  }
  return cosineOfDeviations(pairs);
}

/**
 * exp(-d / scale) for the whole differences d below `size`, worked out once: years and runtimes
 * are whole numbers, and a call compares some 600 candidates' with the source's.
 */
function wholeCloseness(scale: number, size: number): Float64Array {
  return Float64Array.from({ length: size }, (_, difference) => Math.exp(-difference / scale));
}

const YEAR_SCALE = 12;
const RUNTIME_SCALE = 40;
const RATING_SCALE = 2;
const YEAR_CLOSENESS = wholeCloseness(YEAR_SCALE, 512);
const RUNTIME_CLOSENESS = wholeCloseness(RUNTIME_SCALE, 1024);

/** 1 for equal values, falling towards 0 as they part; 0.5 when either is unknown. */
function closeness(a: number | null, b: number | null, scale: number, whole?: Float64Array): number {
  if (a === null || b === null) return 0.5;
  const difference = Math.abs(a - b);
  return whole && difference < whole.length && Number.isInteger(difference) ? whole[difference]! : Math.exp(-difference / scale);
}

/** How alike two titles are on IMDb facts alone, from 0 to 1. */
export function contentSimilarity(source: TitleFacts, candidate: TitleFacts): number {
  // Each title's genres are distinct (parseGenres), so the union's size follows from the shared ones; no set is built per candidate.
  let shared = 0;
  for (const genre of candidate.genres) if (source.genres.includes(genre)) shared++;
  return similarityOf(source, shared, candidate.genres.length, candidate.year, candidate.runtime, candidate.rating, candidate.votes);
}

/**
 * contentSimilarity from a candidate's facts one by one (packed lists keep them side by side):
 * `shared` of its `genres` genres are the source's.
 */
export function similarityOf(
  source: TitleFacts,
  shared: number,
  genres: number,
  year: number | null,
  runtime: number | null,
  rating: number | null,
  votes: number | null,
): number {
  const union = source.genres.length + genres - shared;
  const genre = union === 0 ? 0 : shared / union;
  const era = closeness(source.year, year, YEAR_SCALE, YEAR_CLOSENESS);
  const runtimeCloseness = closeness(source.runtime, runtime, RUNTIME_SCALE, RUNTIME_CLOSENESS);
  const ratingCloseness = closeness(source.rating, rating, RATING_SCALE);
  const quality = rating === null ? 0.5 : rating / 10;
  const popularity = votes === null ? 0 : Math.min(1, Math.log10(votes + 1) / 6);
  return 0.45 * genre + 0.15 * era + 0.08 * runtimeCloseness + 0.12 * ratingCloseness + 0.1 * quality + 0.1 * popularity;
}

/** How much the site's co-ratings can add to (or take from) the content score. */
const CO_RATING_WEIGHT = 0.8;
/** Co-raters needed before the co-rating evidence counts half. */
const CO_RATING_HALF_AT = 2;

/**
 * The blended score: content similarity plus the site's co-rating similarity,
 * trusted more the more users rated both films.
 */
export function blendedScore(content: number, coRating: CoRating | undefined): number {
  if (!coRating || coRating.common === 0) return content;
  const confidence = coRating.common / (coRating.common + CO_RATING_HALF_AT);
  return content + CO_RATING_WEIGHT * coRating.similarity * confidence;
}

/**
 * The first `count` items offered, in `compare`'s order, as a stable sort would give them, kept
 * without sorting them all: a call scores some 600 candidates to show 15.
 */
export class Best<T> {
  readonly items: T[] = [];

  constructor(
    private readonly count: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  /** The last item kept once `count` are: an item ranked after it is not kept. */
  get last(): T | undefined {
    return this.items.length === this.count ? this.items[this.count - 1] : undefined;
  }

  offer(item: T): void {
    const { items, count, compare } = this;
    if (count <= 0 || (items.length === count && compare(item, items[count - 1]!) >= 0)) return;
    let at = items.length;
    while (at > 0 && compare(item, items[at - 1]!) < 0) at--;
    items.splice(at, 0, item);
    if (items.length > count) items.pop();
  }
}

export const EXCERPT_MAX = RECOMMENDATION_EXCERPT_MAX;

/** A review shortened to at most `max` characters, cut at a word where it can be, with an ellipsis. */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > max * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** 'Horror', 'Horror and Comedy', 'Horror, Comedy and Drama' */
function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Why the title is recommended when no review on this site can speak for it, as parts. */
export function reasonOf(source: TitleFacts, candidate: TitleFacts, coRating: CoRating | undefined): RecommendationReason {
  const shared = source.genres.filter((genre) => candidate.genres.includes(genre));
  const year = candidate.year;
  if (shared.length > 0) return { kind: 'also', genres: shared, year };
  if (coRating && coRating.common > 0 && coRating.similarity > 0) return { kind: 'rated_alike', genres: [], year };
  if (candidate.genres.length > 0) return { kind: 'genres', genres: candidate.genres, year };
  return { kind: 'style', genres: [], year };
}

/** The reason in English, one line: 'Also Horror and Comedy, 1987'. */
export function reasonLine(reason: RecommendationReason): string {
  const year = reason.year === null ? '' : `, ${reason.year}`;
  if (reason.kind === 'also') return `Also ${listWords(reason.genres)}${year}`;
  if (reason.kind === 'rated_alike') return `Rated alike by reviewers here${year}`;
  if (reason.kind === 'genres') return `${listWords(reason.genres)}${year}`;
  return reason.year === null ? 'Similar in style' : `From ${reason.year}`;
}
