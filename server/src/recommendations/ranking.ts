import type { CatalogueIndex } from './catalogueIndex';
import { PackedSource, type PackedTitles, tconstKey } from './packedTitles';
import type { MovieFactsRow } from './queries';
import { Best, blendedScore, type CoRating, contentSimilarity, type TitleFacts } from './similarity';

/** A candidate's facts and, when it is a catalogue movie, its row. */
export interface Scorable {
  facts: TitleFacts;
  movie: MovieFactsRow | undefined;
}

/**
 * Catalogue movies of a genre set, with their facts worked out, and their tconsts. They are scored
 * on their facts objects: a genre set's few hundred are the same each call, and packed rows made
 * no difference for them.
 */
export interface CatalogueNeighbours {
  scorables: Scorable[];
  tconsts: ReadonlySet<string>;
}

export interface Candidate extends Scorable {
  coRating: CoRating | undefined;
  score: number;
}

const byRank = (a: Candidate, b: Candidate) =>
  b.score - a.score || (b.facts.votes ?? 0) - (a.facts.votes ?? 0) || a.facts.tconst.localeCompare(b.facts.tconst);

/**
 * The best candidates for one source, each scored as it comes: most rank below the last of those
 * kept so far, and no object is made for them. Packed candidates are scored from their rows, so a
 * title's facts object is only read when it could be among the best.
 */
export class Ranking {
  private readonly best: Best<Candidate>;
  private readonly packedSource: PackedSource;
  private readonly sourceKey: number;

  constructor(
    private readonly source: TitleFacts,
    private readonly sourceMovieId: number | undefined,
    private readonly coRated: ReadonlyMap<number, CoRating>,
    limit: number,
  ) {
    this.best = new Best(limit, byRank);
    this.packedSource = new PackedSource(source, (facts) => contentSimilarity(source, facts));
    this.sourceKey = tconstKey(source.tconst);
  }

  /** The best, best first. */
  get chosen(): Candidate[] {
    return this.best.items;
  }

  /** A catalogue movie or an index title, scored on its facts (never the source). */
  consider(facts: TitleFacts, movie: MovieFactsRow | undefined): void {
    if (facts.tconst === this.source.tconst || (movie !== undefined && movie.id === this.sourceMovieId)) return;
    const coRating = movie ? this.coRated.get(movie.id) : undefined;
    const score = blendedScore(contentSimilarity(this.source, facts), coRating);
    if (this.couldBeChosen(score)) this.best.offer({ facts, movie, coRating, score });
  }

  /** Catalogue movies of the source's genres. */
  considerCatalogue({ scorables }: CatalogueNeighbours): void {
    for (const { facts, movie } of scorables) this.consider(facts, movie);
  }

  /**
   * Index titles, each once, those that are no catalogue movie scored here. Those that are (and
   * not among `catalogued`, considered already) are answered, by tconst, to be looked up.
   */
  considerIndex(lists: readonly PackedTitles[], catalogue: CatalogueIndex, catalogued: ReadonlySet<string>): Map<string, TitleFacts> {
    const toLookUp = new Map<string, TitleFacts>();
    // By key, or by tconst for a title without one.
    const seen = new Set<number | string>();
    for (const list of lists) {
      for (let index = 0; index < list.length; index++) {
        const key = list.key(index);
        const keyless = Number.isNaN(key);
        if (keyless ? catalogue.idByTconst.has(list.titles[index]!.tconst) : catalogue.keys.has(key)) {
          const facts = list.titles[index]!;
          if (!catalogued.has(facts.tconst)) toLookUp.set(facts.tconst, facts);
          continue;
        }
        const identity = keyless ? list.titles[index]!.tconst : key;
        if (seen.has(identity)) continue;
        seen.add(identity);
        if (this.isSource(list, index)) continue;
        const score = list.similarity(this.packedSource, index);
        if (this.couldBeChosen(score)) this.best.offer({ facts: list.titles[index]!, movie: undefined, coRating: undefined, score });
      }
    }
    return toLookUp;
  }

  private isSource(list: PackedTitles, index: number): boolean {
    const key = list.key(index);
    return Number.isNaN(key) || Number.isNaN(this.sourceKey) ? list.titles[index]!.tconst === this.source.tconst : key === this.sourceKey;
  }

  private couldBeChosen(score: number): boolean {
    const last = this.best.last;
    return !last || score >= last.score;
  }
}
