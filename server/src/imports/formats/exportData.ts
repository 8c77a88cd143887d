/** Everything a member owns, as plain data, for the export writers (write.ts). Moments are ISO-8601, days YYYY-MM-DD. */

export interface ExportMovie {
  tconst: string;
  title: string;
  year: number | null;
}

export interface ExportReview {
  tconst: string;
  /** 1–10. */
  stars: number;
  /** Plain text, as written. */
  text: string | null;
  ttm_rating: string | null;
  pain_level: number | null;
  smoke_alarms: boolean | null;
  equipment_seen: boolean | null;
  estimated_budget: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExportViewing {
  tconst: string;
  /** Null: watched on a day not known. */
  watched_on: string | null;
  rewatch: boolean;
  /** Members tagged as watching too, by username. */
  with: string[];
  place: string | null;
  note: string | null;
  created_at: string;
}

export interface ExportItem {
  tconst: string;
  /** 1-based order within the list. */
  position: number;
  added_at: string;
}

export interface ExportList {
  name: string;
  /** Sanitised HTML, as the list shows it. */
  description_html: string;
  created_at: string;
  /** In order. */
  items: ExportItem[];
  /** By username. */
  moderators: string[];
}

export interface ExportData {
  user: { username: string; created_at: string; profile_picture?: string | null };
  /** Every movie the rest names, by IMDb id. */
  movies: Record<string, ExportMovie>;
  reviews: ExportReview[];
  viewings: ExportViewing[];
  /** The personal watchlist, in order. */
  watchlist: ExportItem[];
  /** The public lists the member owns. */
  lists: ExportList[];
}
