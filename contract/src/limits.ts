/** Limits shared by the server's validation and the client's widgets. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** Failed logins count for this long: a username (for untrusted clients) or a device cookie is locked until they age out. */
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** Default of LOGIN_FAILURES_PER_USERNAME: failures within the window before the lock. */
export const LOGIN_FAILURES_BEFORE_LOCK = 10;
/** How long a browser stays a trusted device for the account that last signed in on it. */
export const DEVICE_COOKIE_DAYS = 365;

export const STARS_MIN = 1;
export const STARS_MAX = 10;
export const PAIN_MIN = 1;
export const PAIN_MAX = 10;
export const REVIEW_TEXT_MAX = 10_000;
export const TTM_GRADES = ['F', 'D', 'C', 'B', 'A', 'S'] as const;
export type TtmGrade = (typeof TTM_GRADES)[number];

/** Rating letters by number (1–7), as the watchlist's owner-rating images use them. */
export const RATING_LETTERS: Record<number, string> = { 1: 'F', 2: 'D', 3: 'C', 4: 'B', 5: 'B', 6: 'A', 7: 'S' };
/** TTM grade as the 1–7 number that `GET /api/users/{u}/ratings` returns. */
export const TTM_GRADE_NUMBER: Record<TtmGrade, number> = { F: 1, D: 2, C: 3, B: 4, A: 6, S: 7 };

/** The seven estimated-budget bands, in order; the client names them ('0 - 1K' …). */
export const BUDGET_BANDS = [
  '0-1000',
  '1000-10000',
  '10000-50000',
  '50000-250000',
  '250000-1000000',
  '1000000-10000000',
  '10000000-up',
] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number];

/** Largest id a table holds: ids are PostgreSQL `integer` columns (SQLite's stay in the same range). */
export const ID_MAX = 2_147_483_647;
export const IMDB_ID_PATTERN = /^tt\d{7,}$/;
/** The most kept of what a metadata service (OMDb, TMDB) says about a movie; longer text is cut. */
export const METADATA_LIMITS = {
  title: 300,
  plot: 2_000,
  posterUrl: 2_048,
  genres: 200,
  genre: 40,
  runtimeMinutes: 100_000,
  /** Bytes of one reply read from the service; a longer reply counts as a failed lookup. */
  replyBytes: 1024 * 1024,
} as const;
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 50;

export const SLUG_MAX = 60;
export const PUBLIC_LISTS_PAGE_SIZE = 8;
export const LIST_NAME_MAX = 100;
export const DESCRIPTION_MAX = 20_000;

export const RECENT_REVIEWERS_LIMIT = 5;
export const MOVIE_REVIEWS_LIMIT = 20;
/** Largest `limit` of a movie's reviews and of recent reviewers; larger ones are held to these. */
export const MOVIE_REVIEWS_LIMIT_MAX = 100;
export const RECENT_REVIEWERS_LIMIT_MAX = 20;
export const RECOMMENDATIONS_LIMIT = 15;
export const HOME_LIST_LIMIT = 10;
export const CAROUSEL_LIMIT = 10;

/** Review count at which each level starts; level n (1-based) starts at LEVEL_THRESHOLDS[n-1]. */
export const LEVEL_THRESHOLDS = [0, 5, 10, 25, 50, 100, 250, 500, 1000] as const;

/** Most public lists one page holds (also the default page: the spec's client asks for all). */
export const PUBLIC_LISTS_LIMIT_MAX = 1000;
/** Longest name-or-owner filter used; longer text is cut. */
export const PUBLIC_LISTS_QUERY_MAX = 100;
/** Most movie ids one reorder may name. */
export const ORDER_MAX = 10_000;

/** Days a session lives; every use after the first hour renews it for this long again. */
export const SESSION_DAYS = 30;

/** Socket.IO events one socket may send: a burst, then this many per second; after this many refusals it is disconnected. */
export const SOCKET_EVENT_BURST = 30;
export const SOCKET_EVENTS_PER_SECOND = 5;
export const SOCKET_REFUSALS_BEFORE_DISCONNECT = 50;

/** One named request limit: its default, window, what is counted, and the variable that overrides it. */
export interface RateLimitDefinition {
  env: string;
  max: number;
  timeWindow: '1 minute' | '1 hour';
  /** Counted per client address, or per signed-in account (visitors by address). */
  per: 'address' | 'user';
}

/** Every request limit of the API in one place. */
export const RATE_LIMITS = {
  login: { env: 'LOGIN_RATE_LIMIT_PER_MINUTE', max: 20, timeWindow: '1 minute', per: 'address' },
  register: { env: 'REGISTER_RATE_LIMIT_PER_HOUR', max: 30, timeWindow: '1 hour', per: 'address' },
  search: { env: 'SEARCH_RATE_LIMIT_PER_MINUTE', max: 300, timeWindow: '1 minute', per: 'address' },
  ensure: { env: 'ENSURE_RATE_LIMIT_PER_MINUTE', max: 60, timeWindow: '1 minute', per: 'address' },
  addMovie: { env: 'ADD_MOVIE_RATE_LIMIT_PER_MINUTE', max: 60, timeWindow: '1 minute', per: 'address' },
  createList: { env: 'LIST_CREATE_RATE_LIMIT_PER_HOUR', max: 30, timeWindow: '1 hour', per: 'user' },
  pictureUpload: { env: 'PICTURE_UPLOAD_RATE_LIMIT_PER_HOUR', max: 20, timeWindow: '1 hour', per: 'user' },
  importUpload: { env: 'IMPORT_UPLOAD_RATE_LIMIT_PER_HOUR', max: 30, timeWindow: '1 hour', per: 'user' },
} as const satisfies Record<string, RateLimitDefinition>;

/** How many recent reviews a profile shows. */
export const PROFILE_RECENT_REVIEWS_LIMIT = 20;
/** Largest profile picture upload, in bytes (5 MB). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest picture decoded, in pixels: a bigger one is refused before decoding. */
export const PROFILE_PICTURE_MAX_PIXELS = 50_000_000;
/** Side of the stored square profile picture, in pixels. */
export const PROFILE_PICTURE_SIDE = 256;

/** Longest search text the server accepts. */
export const SEARCH_QUERY_MAX = 200;
/** Longest IMDb id accepted (tt + digits); real ones have 7 to 9 digits. */
export const IMDB_ID_MAX = 20;
/** Most titles `GET /api/imdb/popular` answers; a larger limit is cut to this. */
export const POPULAR_LIMIT_MAX = 50;
export const POPULAR_LIMIT_DEFAULT = 12;

/** Most ids one `ids=` list may name; later entries are ignored. */
export const ID_LIST_MAX = 1000;
/** Stremio pages catalogues by 100; a shorter page ends the catalogue. */
export const STREMIO_PAGE_SIZE = 100;
/** How long Stremio may cache a manifest or catalogue page, in seconds. */
export const STREMIO_CACHE_SECONDS = 60;
/** Longest review excerpt a recommendation quotes, in characters. */
export const RECOMMENDATION_EXCERPT_MAX = 140;

/** Viewings (the diary): the earliest year a viewing may be dated, and the sizes of its fields. */
export const VIEWING_EARLIEST_YEAR = 1870;
export const VIEWING_PLACE_MAX = 100;
export const VIEWING_NOTE_MAX = 2_000;
/** Most members tagged in one viewing. */
export const VIEWING_WITH_MAX = 20;
/** A diary page: default and largest number of entries. */
export const DIARY_PAGE_SIZE = 50;
export const DIARY_PAGE_MAX = 200;
/** How many of a movie's viewings its page lists, newest first. */
export const MOVIE_VIEWINGS_LIMIT = 50;
/** Members suggested while tagging who watched together. */
export const MEMBER_SEARCH_LIMIT = 10;

/** Imports: the largest upload, the most rows one import may hold, and the zip-bomb guards. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 100_000;
/** Everything inside an uploaded zip, unpacked, may come to at most this. */
export const IMPORT_UNZIPPED_MAX_BYTES = 200 * 1024 * 1024;
/** A zip entry may unpack to at most this many times its packed size (CSV packs 5–10 times). */
export const IMPORT_ZIP_RATIO_MAX = 100;
/** Most entries an uploaded zip may hold. */
export const IMPORT_ZIP_ENTRIES_MAX = 2_000;
/** Candidates kept for a row that matched more than one title, or none for sure. */
export const IMPORT_CANDIDATES_MAX = 5;
/** A page of an import's rows: default and largest. */
export const IMPORT_ROWS_PAGE_SIZE = 50;
export const IMPORT_ROWS_PAGE_MAX = 500;
/** How many of a member's past imports `GET /api/imports` lists. */
export const IMPORT_HISTORY_LIMIT = 20;

/** Movie nights (screenings): the sizes of their free text (the place as long as a viewing's, since attendance copies it), how far ahead one may be scheduled, and the votes of a member. */
export const SCREENING_PLACE_MAX = 100;
export const SCREENING_NOTE_MAX = 2_000;
export const SCREENING_AHEAD_MAX_DAYS = 730;
/** A screening still counts as upcoming this long after it started, in hours. */
export const SCREENING_UPCOMING_GRACE_HOURS = 6;
/** Most screenings one list call answers. */
export const SCREENINGS_LIST_LIMIT = 20;
/** Up-votes and vetoes each attendee may cast at one screening. */
export const SCREENING_UP_VOTES_MAX = 3;
export const SCREENING_VETOES_MAX = 1;
/** Most members recorded as attending one screening (each viewing tags the others, within the diary's 20). */
export const SCREENING_ATTENDEES_MAX = 21;
/** Most rating prompts one call answers, newest screening first. */
export const SCREENING_PROMPTS_LIMIT = 20;
/** A list's calendar feed holds screenings that started at most this many days ago, and every later one (at most the limit). */
export const SCREENING_FEED_PAST_DAYS = 90;
export const SCREENING_FEED_LIMIT = 200;

/**
 * Below: limits of parts whose schemas live in modules of their own, kept here because the client
 * reads them, and a module of schemas would bring zod into the client's scripts.
 */
/** Feed events one call answers: by default, and at most. */
export const FEED_PAGE_SIZE = 30;
export const FEED_PAGE_MAX = 100;
/** Events in the club's Atom feed: what a feed reader polling now and then needs to miss nothing. */
export const FEED_ATOM_ENTRIES = 50;
/** A comment's text: plain text with line breaks, at most this many characters. */
export const COMMENT_TEXT_MAX = 2_000;
/** Comments one call answers: by default, and at most. */
export const COMMENTS_PAGE_SIZE = 100;
export const COMMENTS_PAGE_MAX = 500;
/** An API token's name, at most this many characters. */
export const API_TOKEN_NAME_MAX = 60;
/** Tokens one member may hold at once (expired ones count until revoked). */
export const API_TOKENS_PER_MEMBER = 25;
