import { similarityOf, type TitleFacts } from './similarity';

/**
 * A list of titles with what scoring reads of each kept side by side in one array. A call scores
 * some 240 index titles from such lists, and their facts objects lie all over a heap of hundreds
 * of megabytes: reading each one's fields waited on memory more than the arithmetic took. Read
 * from the packed rows, a title's facts object is only touched when it could be among the best.
 */
export class PackedTitles {
  private constructor(
    readonly titles: readonly TitleFacts[],
    /** ROW numbers a title: its key (tconstKey), genre mask, genre count, year, runtime, rating, votes; NaN for unknown. */
    readonly rows: Float64Array,
  ) {}

  static of(titles: readonly TitleFacts[]): PackedTitles {
    const rows = new Float64Array(titles.length * ROW);
    titles.forEach((facts, index) => {
      const at = index * ROW;
      rows[at] = tconstKey(facts.tconst);
      rows[at + 1] = genreMask(facts.genres);
      rows[at + 2] = facts.genres.length;
      rows[at + 3] = facts.year ?? Number.NaN;
      rows[at + 4] = facts.runtime ?? Number.NaN;
      rows[at + 5] = facts.rating ?? Number.NaN;
      rows[at + 6] = facts.votes ?? Number.NaN;
    });
    return new PackedTitles(titles, rows);
  }

  get length(): number {
    return this.titles.length;
  }

  /** Title `index`'s key: NaN when its tconst has none (it is then told apart by its facts). */
  key(index: number): number {
    return this.rows[index * ROW]!;
  }

  year(index: number): number | null {
    return known(this.rows[index * ROW + 3]!);
  }

  /** The titles at these positions, in their order. */
  pick(indexes: readonly number[]): PackedTitles {
    const rows = new Float64Array(indexes.length * ROW);
    indexes.forEach((index, to) => rows.set(this.rows.subarray(index * ROW, (index + 1) * ROW), to * ROW));
    return new PackedTitles(
      indexes.map((index) => this.titles[index]!),
      rows,
    );
  }

  /** contentSimilarity(source, title `index`), the same number, from its packed row. */
  similarity(source: PackedSource, index: number): number {
    const { rows } = this;
    const at = index * ROW;
    const mask = rows[at + 1]!;
    if (source.mask === null || Number.isNaN(mask)) return source.similarityTo(this.titles[index]!);
    return similarityOf(source.facts, bitCount(source.mask & mask), rows[at + 2]!, known(rows[at + 3]!), known(rows[at + 4]!), known(rows[at + 5]!), known(rows[at + 6]!));
  }
}

/** The source as packed rows are scored against it. */
export class PackedSource {
  /** Its genres' mask; null when one of them has no bit. */
  readonly mask: number | null;

  constructor(
    readonly facts: TitleFacts,
    readonly similarityTo: (candidate: TitleFacts) => number,
  ) {
    const mask = genreMask(facts.genres);
    this.mask = Number.isNaN(mask) ? null : mask;
  }
}

const ROW = 7;

const known = (value: number): number | null => (Number.isNaN(value) ? null : value);

/**
 * A title's tconst as a number, told apart from every other tconst: its digits and how many
 * there are (tt0000001 and tt01 differ). NaN for a tconst of another form.
 */
export function tconstKey(tconst: string): number {
  const digits = /^tt(\d{1,12})$/.exec(tconst)?.[1];
  return digits === undefined ? Number.NaN : Number(digits) * 16 + digits.length;
}

/**
 * One bit for each genre word seen, the first 31 of them (IMDb has some thirty); a title with a
 * genre past them has no mask (NaN) and is scored on its facts.
 */
const genreBits = new Map<string, number>();
const MOST_GENRE_BITS = 31;

function genreMask(genres: readonly string[]): number {
  let mask = 0;
  for (const genre of genres) {
    let bit = genreBits.get(genre);
    if (bit === undefined) {
      if (genreBits.size === MOST_GENRE_BITS) return Number.NaN;
      genreBits.set(genre, (bit = 1 << genreBits.size));
    }
    mask |= bit;
  }
  return mask;
}

function bitCount(value: number): number {
  let count = 0;
  for (let rest = value >>> 0; rest !== 0; rest &= rest - 1) count++;
  return count;
}
