import type { ImportRowKind, ImportSource } from '@movieclub/contract';

/** The club fields of a review, as our own export carries them. */
export interface ClubReviewFields {
  ttm_rating: string | null;
  pain_level: number | null;
  smoke_alarms: number | null;
  equipment_seen: number | null;
  estimated_budget: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** One row of an uploaded file, read but not yet matched to an IMDb title. */
export interface ParsedRow {
  /** The file inside the upload it came from (`ratings.csv`, `lists/best-of.csv`), or the upload's own name. */
  file: string;
  /** 1-based line of the row's first line in that file (a quoted field may span lines). */
  line: number;
  kind: ImportRowKind;
  title: string;
  year: number | null;
  /** An IMDb id given by the file (IMDb exports, Letterboxd importer CSVs with imdbID, our export). */
  tconst: string | null;
  /** 1–10; Letterboxd's 0.5–5 doubled (and rounded), IMDb's as is. */
  stars: number | null;
  /** When the row was rated or logged (`Date`, `Date Rated`, `Created`), YYYY-MM-DD. */
  date: string | null;
  /** Diary and review rows: the day it was watched, YYYY-MM-DD. */
  watchedOn: string | null;
  rewatch: boolean;
  /** Review text as written (plain text; HTML is sanitised when applied). */
  review: string | null;
  /** Index into ParsedImport.lists, for `list` rows (and the personal watchlist of our export: null). */
  list: number | null;
  /** 1-based position within its list or watchlist. */
  position: number | null;
  /** Our own export only: the review's club fields, and the viewing's companions, place and note. */
  club?: {
    review?: ClubReviewFields;
    with?: string[];
    place?: string | null;
    note?: string | null;
  };
}

export interface ParsedList {
  index: number;
  name: string;
  /** Plain text from Letterboxd; sanitised HTML from our export. */
  description: string;
  file: string;
  /** Our own export only: moderators by username. */
  moderators: string[];
}

export interface ParsedImport {
  source: ImportSource;
  rows: ParsedRow[];
  lists: ParsedList[];
  /** Our own export only: the exporting member's name (informational). */
  exportedBy?: string;
}

/** A file that cannot be imported: `message` is the sentence the member reads. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
