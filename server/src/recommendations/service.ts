import { RECOMMENDATIONS_LIMIT, type RecommendationItem } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { gatheredOnPostgres } from '../db/gatheredReads';
import { notFound } from '../http/errors';
import { CatalogueCache, recommendationVersions } from '../movies/catalogueCache';
import { posterPath } from '../movies/poster';
import { catalogueIndex } from './catalogueIndex';
import { KeptRows } from '../db/keptRows';
import { PackedTitles } from './packedTitles';
import { type CatalogueNeighbours, Ranking } from './ranking';
import * as queries from './queries';
import {
  adjustedCosine,
  type CoRating,
  cosineOfSums,
  excerpt,
  MEAN_PRIOR_WEIGHT,
  parseGenres,
  reasonLine,
  reasonOf,
  shrunkMean,
  STARS_MIDPOINT,
  type TitleFacts,
} from './similarity';

type Db = Kysely<Database>;

/**
 * Lists of a genre's best-known titles kept per index version: one per type and genre, and per
 * run of years its eras are taken from (an era is the source's year ± ERA_YEARS), some thousands
 * when members ask about titles all over a full index. Their titles' facts are shared, so a list
 * costs its references and its packed rows (56 bytes a title): about 4 KB for 60 titles, 9 KB for
 * a run's 150.
 */
const NEIGHBOUR_LISTS = 30_000;
/** How many of the most-voted titles per genre (overall, and within the source's era) are considered. */
const PER_GENRE = 60;
const ERA_YEARS = 10;
/**
 * Eras are read for runs of this many years at once: a list of the titles around the whole run
 * (ERA_SHARED_MOST of them) holds each of its years' eras, in the same order, unless too many
 * of its titles fall outside one of them; that era is then read on its own.
 */
const ERA_SHARED_YEARS = 5;
const ERA_SHARED_MOST = 150;
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

/** Ratings of the source's raters read in one go (a club, not a streaming service); past it, the database adds them up. */
const CO_RATINGS_LIMIT = 50_000;

/**
 * Item-to-item similarity of every movie the source's raters also rated. Up to `limit` of
 * their ratings are read and compared here; when there are more, the database adds up the
 * same sums, so no rating is left out.
 */
export async function coRatingsFor(db: Db, movieId: number, limit = CO_RATINGS_LIMIT): Promise<Map<number, CoRating>> {
  const ask = { movieId, limit };
  const ratings = (await ratingsOfRaters(db, [ask])).get(ratersKey(ask)) ?? { movieIds: [], userIds: [], stars: [] };
  if (ratings.stars.length >= limit) {
    const sums = await queries.coRatingSums(db, movieId, STARS_MIDPOINT, MEAN_PRIOR_WEIGHT);
    return new Map(sums.map((row) => [row.movie_id, cosineOfSums(row)]));
  }
  const source = new Map<number, number>();
  const totals = new Map<number, { sum: number; count: number }>();
  const byMovie = new Map<number, Map<number, number>>();
  for (let index = 0; index < ratings.stars.length; index++) {
    const otherId = ratings.movieIds[index]!;
    const userId = ratings.userIds[index]!;
    const stars = ratings.stars[index]!;
    const total = totals.get(userId) ?? { sum: 0, count: 0 };
    total.sum += stars;
    total.count += 1;
    totals.set(userId, total);
    if (otherId === movieId) {
      source.set(userId, stars);
      continue;
    }
    let theirs = byMovie.get(otherId);
    if (!theirs) byMovie.set(otherId, (theirs = new Map()));
    theirs.set(userId, stars);
  }
  const means = new Map([...totals].map(([userId, total]) => [userId, shrunkMean(total.sum, total.count)]));
  const result = new Map<number, CoRating>();
  for (const [otherId, theirs] of byMovie) result.set(otherId, adjustedCosine(source, theirs, means));
  return result;
}

/** A source whose raters' ratings are read, at most `limit` of them (a test asks with another limit). */
interface RatersAsk {
  movieId: number;
  limit: number;
}

/** The ratings of the sources' raters the calls asking at once need, read together, a read per limit. */
const ratingsOfRaters = gatheredOnPostgres(
  async (db: Db, asks: RatersAsk[]) => {
    const found = new Map<string, queries.RatingColumns>();
    for (const limit of new Set(asks.map((ask) => ask.limit))) {
      const ids = asks.filter((ask) => ask.limit === limit).map((ask) => ask.movieId);
      for (const [id, ratings] of await queries.ratingsOfRatersOfEach(db, ids, limit)) found.set(ratersKey({ movieId: id, limit }), ratings);
    }
    return found;
  },
  ratersKey,
);

function ratersKey({ movieId, limit }: RatersAsk): string {
  return `${limit}:${movieId}`;
}

/** The catalogue movies the source's raters also rated, with their similarity to it. */
async function coRatedCandidates(db: Db, moviesVersion: string, sourceMovieId: number | null): Promise<{ coRated: Map<number, CoRating>; fromCoRatings: string[] }> {
  if (sourceMovieId === null) return { coRated: new Map(), fromCoRatings: [] };
  const [coRated, { tconstById }] = await Promise.all([coRatingsFor(db, sourceMovieId), catalogueIndex(db, moviesVersion)]);
  // A movie the index does not hold yet (added since this version) is left out, as it would be had the call come first.
  return { coRated, fromCoRatings: [...coRated.keys()].flatMap((id) => tconstById.get(id) ?? []) };
}

/**
 * What recommendations read from the IMDb index alone, kept per index version (see
 * IMDB_INDEX_VERSION): a review or a movie added makes every answer be computed again,
 * but the index's rows for it stay the same until the next import.
 */
const indexNeighbours = new CatalogueCache<PackedTitles>(NEIGHBOUR_LISTS);

/** Titles' facts as the index gives them, the most recent 50,000 kept per index version. */
const indexTitles = new KeptRows<TitleFacts>(50_000);
/** Catalogue movies by tconst, kept per movies version (see MOVIES_VERSION). */
const catalogueMovies = new KeptRows<queries.MovieFactsRow>(50_000);

/**
 * The facts of those of these titles the index holds, each read and worked out once per index
 * version (a call's few hundred candidates are mostly the same genres' best-known titles). Shared
 * between calls, so never changed: see withCatalogueGenres.
 */
function indexFacts(db: Db, indexVersion: string, tconsts: string[]): Promise<Map<string, TitleFacts>> {
  return indexTitles.get(db, indexVersion, tconsts, async (missing) =>
    [...(await titlesByTconst(db, missing)).values()].map((row): [string, TitleFacts] => [row.tconst, factsFromImdb(row)]),
  );
}

/**
 * The titles the calls asking at once are missing, read together: on PostgreSQL each read waits
 * its turn for a connection, and a title's facts are one row, so the statement costs more than the row.
 */
const titlesByTconst = gatheredOnPostgres(
  async (db: Db, tconsts: string[]) => new Map((await queries.imdbTitlesByTconst(db, tconsts)).map((row) => [row.tconst, row])),
);

/** A genre's lists the calls asking at once are missing, read together. */
const genreLists = gatheredOnPostgres(
  async (db: Db, filters: Array<queries.NeighbourFilter & { genre: string }>) => {
    const lists = await queries.imdbNeighboursOfEach(db, filters);
    return new Map(filters.map((filter, index) => [neighboursKey(filter), lists[index]!]));
  },
  neighboursKey,
);

function neighboursKey(filter: queries.NeighbourFilter): string {
  return [filter.titleType, filter.genre, filter.yearFrom, filter.yearTo, filter.limit].join('\u0000');
}

/** Those of these titles that are catalogue movies, with their rows. */
async function catalogueRows(db: Db, moviesVersion: string, tconsts: string[]): Promise<Map<string, queries.MovieFactsRow>> {
  const { idByTconst } = await catalogueIndex(db, moviesVersion);
  return catalogueMovies.get(db, moviesVersion, tconsts.filter((tconst) => idByTconst.has(tconst)), async (missing) =>
    (await queries.moviesByTconst(db, missing)).map((row): [string, queries.MovieFactsRow] => [row.tconst, row]),
  );
}

/** A title the index gives no genres takes the catalogue movie's (a copy: index facts are shared). */
function withCatalogueGenres(facts: TitleFacts, movie: queries.MovieFactsRow | undefined): TitleFacts {
  return facts.genres.length === 0 && movie ? { ...facts, genres: parseGenres(movie.genres) } : facts;
}

/**
 * A genre's most-voted titles (in an era), as facts and packed for scoring: they are candidates,
 * so their facts are not read again. A title's facts are one object shared by every list it is on
 * (lists of neighbouring eras hold mostly the same titles).
 */
function imdbNeighbours(db: Db, indexVersion: string, filter: queries.NeighbourFilter): Promise<PackedTitles> {
  const { genre } = filter;
  const key = neighboursKey(filter);
  const read = async () => {
    const rows = genre === null ? await queries.imdbNeighbours(db, filter) : ((await genreLists(db, [{ ...filter, genre }])).get(key) ?? []);
    return PackedTitles.of(rows.map((row) => indexTitles.keep(db, indexVersion, row.tconst, () => factsFromImdb(row))));
  };
  return indexNeighbours.get(db, key, read, indexVersion);
}

/** Titles from the IMDb index that share a genre with the source, popular overall and in its era. */
async function contentCandidates(db: Db, indexVersion: string, source: TitleFacts): Promise<PackedTitles[]> {
  const titleType = source.titleType ?? 'movie';
  const genres: Array<string | null> = source.genres.length > 0 ? source.genres : [null];
  const lookups = genres.flatMap((genre) => {
    const overall = imdbNeighbours(db, indexVersion, { titleType, genre, limit: PER_GENRE });
    if (source.year === null) return [overall];
    return [overall, eraNeighbours(db, indexVersion, titleType, genre, source.year)];
  });
  return Promise.all(lookups);
}

/**
 * The genre's PER_GENRE best-known titles within `year` ± ERA_YEARS, taken from the list shared by
 * the run of years `year` is in: both are the genre's titles walked in the same order, so the
 * era's first PER_GENRE in the shared list are its own. Titles without a genre are walked in
 * another order: read alone.
 */
async function eraNeighbours(db: Db, indexVersion: string, titleType: string, genre: string | null, year: number): Promise<PackedTitles> {
  const era = { titleType, genre, yearFrom: year - ERA_YEARS, yearTo: year + ERA_YEARS, limit: PER_GENRE };
  if (genre === null) return imdbNeighbours(db, indexVersion, era);
  const runStart = Math.floor(year / ERA_SHARED_YEARS) * ERA_SHARED_YEARS;
  const shared = await imdbNeighbours(db, indexVersion, {
    ...era,
    yearFrom: runStart - ERA_YEARS,
    yearTo: runStart + ERA_SHARED_YEARS - 1 + ERA_YEARS,
    limit: ERA_SHARED_MOST,
  });
  const inEra: number[] = [];
  for (let index = 0; index < shared.length; index++) {
    const titleYear = shared.year(index);
    if (titleYear === null || titleYear < era.yearFrom || titleYear > era.yearTo) continue;
    inEra.push(index);
    if (inEra.length === PER_GENRE) return shared.pick(inEra);
  }
  // A shared list shorter than asked for holds every title of its years, so all of the era's.
  return shared.length < ERA_SHARED_MOST ? shared.pick(inEra) : imdbNeighbours(db, indexVersion, era);
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

const NO_CATALOGUE_NEIGHBOURS: CatalogueNeighbours = { scorables: [], tconsts: new Set() };

/**
 * Catalogue movies by genre set, kept per movies and index version (both go into them): titles of
 * the same genres share them, and a call scores them as they are.
 */
const catalogueNeighbours = new CatalogueCache<CatalogueNeighbours>(500);

function catalogueByGenres(db: Db, { movies, index }: { movies: string; index: string }, genres: string[]): Promise<CatalogueNeighbours> {
  if (genres.length === 0) return Promise.resolve(NO_CATALOGUE_NEIGHBOURS);
  const key = [...genres].sort().join(',');
  const worked = async () => {
    const rows = await queries.catalogueByGenres(db, genres, CATALOGUE_CANDIDATES);
    const titles = await indexFacts(db, index, rows.map((row) => row.tconst));
    const scorables = rows.map((movie) => ({ facts: withCatalogueGenres(titles.get(movie.tconst) ?? factsFromMovie(movie), movie), movie }));
    return { scorables, tconsts: new Set(rows.map((row) => row.tconst)) };
  };
  return catalogueNeighbours.get(db, key, worked, `${movies}:${index}`);
}

async function computeRecommendations(
  db: Db,
  { movies: moviesVersion, index: indexVersion, texts: textsVersion }: { catalogue: string; movies: string; index: string; texts: string },
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
    catalogueByGenres(db, { movies: moviesVersion, index: indexVersion }, source.genres),
    coRatedCandidates(db, moviesVersion, sourceMovie?.id ?? null),
  ]);
  // Each candidate once: the catalogue's come worked out, and an index title that is no catalogue
  // movie is scored on its packed facts; a catalogue movie's row, and the facts of those found by
  // co-ratings alone, are looked up.
  const ranking = new Ranking(source, sourceMovie?.id, coRated, limit);
  ranking.considerCatalogue(fromCatalogue);
  const catalogueFacts = ranking.considerIndex(fromIndex, await catalogueIndex(db, moviesVersion), fromCatalogue.tconsts);
  // Co-rated candidates are catalogue movies.
  const coRatedOnly = fromCoRatings.filter((candidate) => !fromCatalogue.tconsts.has(candidate) && !catalogueFacts.has(candidate));
  const others = [...catalogueFacts.keys(), ...coRatedOnly];
  const [titles, movies] = await Promise.all([indexFacts(db, indexVersion, coRatedOnly), catalogueRows(db, moviesVersion, others)]);
  for (const candidate of others) {
    const title = catalogueFacts.get(candidate) ?? titles.get(candidate);
    const movie = movies.get(candidate);
    if (title || movie) ranking.consider(withCatalogueGenres(title ?? factsFromMovie(movie!), movie), movie);
  }
  const chosen = ranking.chosen;
  const blurbs = await bestReviewExcerpts(db, textsVersion, chosen.flatMap((candidate) => (candidate.movie ? [candidate.movie.id] : [])));
  return chosen.map(({ facts, movie, coRating }) => {
    const blurb = movie && blurbs.get(movie.id);
    const reason = blurb ? null : reasonOf(source, facts, coRating);
    return {
      movie_id: movie?.id ?? null,
      imdb_id: facts.tconst,
      title: movie?.title ?? facts.title,
      poster: movie?.poster ?? drawnPoster(facts.tconst),
      review: blurb || reasonLine(reason!),
      reason,
    };
  });
}

/** The poster the server draws for a title without one (its route takes tt + 7 to 12 digits). */
const drawnPoster = (tconst: string) => (/^tt\d{7,12}$/.test(tconst) ? posterPath(tconst) : null);

/**
 * Each movie's best review excerpt (or its lack of one), kept per review texts' version: a review
 * with text saved makes a new one, and each new version allocates the room for all its entries at
 * once (lru-cache), so the room is small: a call shows at most 15 movies.
 */
const reviewExcerpts = new KeptRows<string>(1_000);

/** The best review with text on this site for each movie, shortened. */
async function bestReviewExcerpts(db: Db, textsVersion: string, movieIds: number[]): Promise<Map<number, string>> {
  const kept = await reviewExcerpts.get(db, textsVersion, movieIds.map(String), async (missing) => {
    const blurbs = new Map<string, string>();
    for (const row of await queries.reviewTexts(db, missing.map(Number))) {
      const key = String(row.movie_id);
      if (blurbs.has(key) || !row.text) continue;
      const short = excerpt(row.text);
      if (short) blurbs.set(key, short);
    }
    return blurbs;
  });
  return new Map([...kept].map(([id, blurb]) => [Number(id), blurb]));
}
