import { RECOMMENDATIONS_LIMIT, type RecommendationItem } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { CatalogueCache, recommendationVersions } from '../movies/catalogueCache';
import { posterPath } from '../movies/poster';
import { KeptRows } from './keptRows';
import * as queries from './queries';
import {
  adjustedCosine,
  blendedScore,
  type CoRating,
  contentSimilarity,
  excerpt,
  parseGenres,
  reasonLine,
  shrunkMean,
  type TitleFacts,
} from './similarity';

type Db = Kysely<Database>;

/** How many of the most-voted titles per genre (overall, and within the source's era) are considered. */
const PER_GENRE = 60;
const ERA_YEARS = 10;
const CATALOGUE_CANDIDATES = 300;

function factsFromImdb(row: queries.ImdbFactsRow): TitleFacts {
  return {
    tconst: row.tconst,
    title: row.primary_title,
    titleType: row.title_type,
    genres: parseGenres(row.genres),
    year: row.start_year,
    runtime: row.runtime_minutes,
    rating: row.average_rating === null ? null : Number(row.average_rating),
    votes: row.num_votes === null ? null : Number(row.num_votes),
  };
}

function factsFromMovie(row: queries.MovieFactsRow): TitleFacts {
  return {
    tconst: row.tconst,
    title: row.title,
    titleType: null,
    genres: parseGenres(row.genres),
    year: row.year,
    runtime: row.length,
    rating: row.imdb_rating === null ? null : Number(row.imdb_rating),
    votes: null,
  };
}

/** Ratings of the source's raters read in one go (a club, not a streaming service); past it, their totals are read on their own. */
const CO_RATINGS_LIMIT = 50_000;

/** Every rating of the users who rated the source: theirs of the source, their sums and counts for their means, and the rest. */
async function ratersRatings(db: Db, movieId: number) {
  const rows = await queries.ratingsOfRaters(db, movieId, CO_RATINGS_LIMIT);
  const source = new Map(rows.flatMap((row) => (row.movie_id === movieId ? [[row.user_id, row.stars] as const] : [])));
  const others = rows.filter((row) => row.movie_id !== movieId);
  if (rows.length < CO_RATINGS_LIMIT) {
    const totals = new Map<number, { sum: number; count: number }>();
    for (const row of rows) {
      const total = totals.get(row.user_id) ?? { sum: 0, count: 0 };
      total.sum += row.stars;
      total.count += 1;
      totals.set(row.user_id, total);
    }
    return { source, totals: [...totals].map(([user_id, total]) => ({ user_id, ...total })), others };
  }
  const [sourceRows, totals] = await Promise.all([queries.sourceRatings(db, movieId), queries.raterTotals(db, movieId)]);
  return { source: new Map(sourceRows.map((row) => [row.user_id, row.stars])), totals, others };
}

/** Item-to-item similarity of every movie the source's raters also rated. */
async function coRatingsFor(db: Db, movieId: number): Promise<Map<number, CoRating>> {
  const { source, totals, others } = await ratersRatings(db, movieId);
  const means = new Map(totals.map((row) => [row.user_id, shrunkMean(row.sum, row.count)]));
  const byMovie = new Map<number, Map<number, number>>();
  for (const row of others) {
    let ratings = byMovie.get(row.movie_id);
    if (!ratings) byMovie.set(row.movie_id, (ratings = new Map()));
    ratings.set(row.user_id, row.stars);
  }
  const result = new Map<number, CoRating>();
  for (const [otherId, ratings] of byMovie) result.set(otherId, adjustedCosine(source, ratings, means));
  return result;
}

/** The catalogue movies the source's raters also rated, with their similarity to it. */
async function coRatedCandidates(db: Db, moviesVersion: string, sourceMovieId: number | null): Promise<{ coRated: Map<number, CoRating>; fromCoRatings: string[] }> {
  if (sourceMovieId === null) return { coRated: new Map(), fromCoRatings: [] };
  const coRated = await coRatingsFor(db, sourceMovieId);
  const tconsts = await movieTconsts.get(db, moviesVersion, [...coRated.keys()].map(String), async (ids) =>
    (await queries.movieTconstsById(db, ids.map(Number))).map((row): [string, string] => [String(row.id), row.tconst]),
  );
  return { coRated, fromCoRatings: [...tconsts.values()] };
}

/**
 * What recommendations read from the IMDb index alone, kept per index version (see
 * IMDB_INDEX_VERSION): a review or a movie added makes every answer be computed again,
 * but the index's rows for it stay the same until the next import.
 */
const indexNeighbours = new CatalogueCache<TitleFacts[]>(5_000);

/** Titles' facts as the index gives them, the most recent 50,000 kept per index version. */
const indexTitles = new KeptRows<TitleFacts>(50_000);
/** Catalogue movies by tconst, and their tconsts by id, kept per movies version (see MOVIES_VERSION). */
const catalogueMovies = new KeptRows<queries.MovieFactsRow>(50_000);
const movieTconsts = new KeptRows<string>(50_000);

/**
 * The facts of those of these titles the index holds, each read and worked out once per index
 * version (a call's few hundred candidates are mostly the same genres' best-known titles). Shared
 * between calls, so never changed: see withCatalogueGenres.
 */
function indexFacts(db: Db, indexVersion: string, tconsts: string[]): Promise<Map<string, TitleFacts>> {
  return indexTitles.get(db, indexVersion, tconsts, async (missing) =>
    (await queries.imdbTitlesByTconst(db, missing)).map((row): [string, TitleFacts] => [row.tconst, factsFromImdb(row)]),
  );
}

/** Those of these titles that are catalogue movies, with their rows. */
function catalogueRows(db: Db, moviesVersion: string, tconsts: string[]): Promise<Map<string, queries.MovieFactsRow>> {
  return catalogueMovies.get(db, moviesVersion, tconsts, async (missing) =>
    (await queries.moviesByTconst(db, missing)).map((row): [string, queries.MovieFactsRow] => [row.tconst, row]),
  );
}

/** A title the index gives no genres takes the catalogue movie's (a copy: index facts are shared). */
function withCatalogueGenres(facts: TitleFacts, movie: queries.MovieFactsRow | undefined): TitleFacts {
  return facts.genres.length === 0 && movie ? { ...facts, genres: parseGenres(movie.genres) } : facts;
}

/** A genre's most-voted titles (in an era), as facts: they are candidates, so their facts are not read again. */
function imdbNeighbours(db: Db, indexVersion: string, filter: queries.NeighbourFilter): Promise<TitleFacts[]> {
  const key = [filter.titleType, filter.genre, filter.yearFrom, filter.yearTo, filter.limit].join('\u0000');
  return indexNeighbours.get(db, key, async () => (await queries.imdbNeighbours(db, filter)).map((row) => Object.freeze(factsFromImdb(row))), indexVersion);
}

/** Titles from the IMDb index that share a genre with the source, popular overall and in its era. */
async function contentCandidates(db: Db, indexVersion: string, source: TitleFacts): Promise<TitleFacts[]> {
  const titleType = source.titleType ?? 'movie';
  const genres: Array<string | null> = source.genres.length > 0 ? source.genres : [null];
  const lookups = genres.flatMap((genre) => {
    const overall = imdbNeighbours(db, indexVersion, { titleType, genre, limit: PER_GENRE });
    if (source.year === null) return [overall];
    const era = imdbNeighbours(db, indexVersion, {
      titleType,
      genre,
      yearFrom: source.year - ERA_YEARS,
      yearTo: source.year + ERA_YEARS,
      limit: PER_GENRE,
    });
    return [overall, era];
  });
  return (await Promise.all(lookups)).flat();
}

interface Candidate {
  facts: TitleFacts;
  movie: queries.MovieFactsRow | undefined;
  coRating: CoRating | undefined;
  score: number;
}

/**
 * Up to 15 titles for the movie page of `tconst`: content similarity from the
 * IMDb index blended with item-to-item similarity over this site's stars.
 * Never the title itself. 404 when neither the index nor the catalogue knows it.
 */
const answers = new CatalogueCache<RecommendationItem[]>(2000);

/**
 * Recommendations for a title, computed once per catalogue version (a new review,
 * movie or IMDb import makes a new one) and then answered from memory.
 */
export async function recommend(db: Db, tconst: string, limit = RECOMMENDATIONS_LIMIT): Promise<RecommendationItem[]> {
  const versions = await recommendationVersions(db);
  return answers.get(db, `${tconst}:${limit}`, () => computeRecommendations(db, versions, tconst, limit), versions.catalogue);
}

/** Catalogue movies by genre set, kept per movies version: titles of the same genres share them. */
const catalogueNeighbours = new CatalogueCache<queries.MovieFactsRow[]>(500);

function catalogueByGenres(db: Db, moviesVersion: string, genres: string[]): Promise<queries.MovieFactsRow[]> {
  if (genres.length === 0) return Promise.resolve([]);
  const key = [...genres].sort().join(',');
  return catalogueNeighbours.get(db, key, () => queries.catalogueByGenres(db, genres, CATALOGUE_CANDIDATES), moviesVersion);
}

async function computeRecommendations(
  db: Db,
  { movies: moviesVersion, index: indexVersion }: { movies: string; index: string },
  tconst: string,
  limit: number,
): Promise<RecommendationItem[]> {
  const [sourceFacts, sourceMovies] = await Promise.all([indexFacts(db, indexVersion, [tconst]), catalogueRows(db, moviesVersion, [tconst])]);
  const sourceTitle = sourceFacts.get(tconst);
  const sourceMovie = sourceMovies.get(tconst);
  if (!sourceTitle && !sourceMovie) throw notFound(`No IMDb title ${tconst} found.`, 'imdb_title_not_found');
  const source = withCatalogueGenres(sourceTitle ?? factsFromMovie(sourceMovie!), sourceMovie);

  // The three sources of candidates are read side by side (on PostgreSQL each read waits its turn for a connection).
  const [fromIndex, fromCatalogue, { coRated, fromCoRatings }] = await Promise.all([
    contentCandidates(db, indexVersion, source),
    catalogueByGenres(db, moviesVersion, source.genres),
    coRatedCandidates(db, moviesVersion, sourceMovie?.id ?? null),
  ]);
  const fromIndexFacts = new Map(fromIndex.map((facts) => [facts.tconst, facts]));
  const tconsts = [...new Set([...fromIndexFacts.keys(), ...fromCatalogue.map((row) => row.tconst), ...fromCoRatings])].filter(
    (candidate) => candidate !== tconst,
  );
  // The catalogue's candidates came with their rows; only the others are looked up.
  const movies = new Map(fromCatalogue.map((row) => [row.tconst, row]));
  const [titles, movieRows] = await Promise.all([
    indexFacts(db, indexVersion, tconsts.filter((candidate) => !fromIndexFacts.has(candidate))),
    catalogueRows(db, moviesVersion, tconsts.filter((candidate) => !movies.has(candidate))),
  ]);
  for (const row of movieRows.values()) movies.set(row.tconst, row);

  const candidates: Candidate[] = [];
  for (const candidateTconst of tconsts) {
    const title = fromIndexFacts.get(candidateTconst) ?? titles.get(candidateTconst);
    const movie = movies.get(candidateTconst);
    if (!title && !movie) continue;
    if (sourceMovie && movie?.id === sourceMovie.id) continue;
    const facts = withCatalogueGenres(title ?? factsFromMovie(movie!), movie);
    const coRating = movie ? coRated.get(movie.id) : undefined;
    candidates.push({ facts, movie, coRating, score: blendedScore(contentSimilarity(source, facts), coRating) });
  }
  candidates.sort(
    (a, b) => b.score - a.score || (b.facts.votes ?? 0) - (a.facts.votes ?? 0) || a.facts.tconst.localeCompare(b.facts.tconst),
  );
  const chosen = candidates.slice(0, limit);
  const blurbs = await bestReviewExcerpts(db, chosen.flatMap((candidate) => (candidate.movie ? [candidate.movie.id] : [])));
  return chosen.map(({ facts, movie, coRating }) => ({
    movie_id: movie?.id ?? null,
    imdb_id: facts.tconst,
    title: movie?.title ?? facts.title,
    poster: movie?.poster ?? drawnPoster(facts.tconst),
    review: (movie && blurbs.get(movie.id)) || reasonLine(source, facts, coRating),
  }));
}

/** The poster the server draws for a title without one (its route takes tt + 7 to 12 digits). */
const drawnPoster = (tconst: string) => (/^tt\d{7,12}$/.test(tconst) ? posterPath(tconst) : null);

/** The best review with text on this site for each movie, shortened. */
async function bestReviewExcerpts(db: Db, movieIds: number[]): Promise<Map<number, string>> {
  const rows = await queries.reviewTexts(db, movieIds);
  const blurbs = new Map<number, string>();
  for (const row of rows) {
    if (blurbs.has(row.movie_id) || !row.text) continue;
    const short = excerpt(row.text);
    if (short) blurbs.set(row.movie_id, short);
  }
  return blurbs;
}
