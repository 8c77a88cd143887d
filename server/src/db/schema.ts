import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The tables, as both SQLite and PostgreSQL hold them. Timestamps are ISO-8601
 * text and flags are 0/1 integers on both, so one query path serves both.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  imdb_titles: ImdbTitlesTable;
  imdb_alt_titles: ImdbAltTitlesTable;
  imdb_title_genres: ImdbTitleGenresTable;
  imdb_ratings: ImdbRatingsTable;
  movies: MoviesTable;
  reviews: ReviewsTable;
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  watchlist_moderators: WatchlistModeratorsTable;
  app_meta: AppMetaTable;
  movie_review_versions: MovieReviewVersionsTable;
  viewings: ViewingsTable;
  viewing_companions: ViewingCompanionsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  import_lists: ImportListsTable;
  screenings: ScreeningsTable;
  screening_rsvps: ScreeningRsvpsTable;
  screening_votes: ScreeningVotesTable;
  screening_attendees: ScreeningAttendeesTable;
  comments: CommentsTable;
  reactions: ReactionsTable;
  mutes: MutesTable;
  notification_kinds_off: NotificationKindsOffTable;
  notifications: NotificationsTable;
  webhook_outbox: WebhookOutboxTable;
  media_server_users: MediaServerUsersTable;
  media_server_scrobbles: MediaServerScrobblesTable;
  media_server_counts: MediaServerCountsTable;
  invites: InvitesTable;
  api_tokens: ApiTokensTable;
  oidc_identities: OidcIdentitiesTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lowercased username; unique, so names differing only in case collide. */
  username_lower: string;
  password_hash: string;
  profile_picture: string | null;
  created_at: string;
}

export interface SessionsTable {
  /** HMAC-SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** The ID token of a sign-in through the identity provider, kept only to end that session there too (OIDC_SIGN_OUT_AT_PROVIDER). */
  oidc_id_token: string | null;
}

/** A member's personal API token (`Authorization: Bearer mc_…`); revoking deletes the row. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** `read` or `read-write` (the contract's API_TOKEN_SCOPES). */
  scope: string;
  /** HMAC-SHA-256 of the token, keyed like session tokens; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  /** UTC ISO 8601; null: never expires. */
  expires_at: string | null;
  /** Written at most once a minute per token. */
  last_used_at: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username_lower: string;
  /** Nonce of the valid device cookie the attempt came with; null for an untrusted client. */
  device: string | null;
  failed_at: string;
}

/** One row per title of IMDb's datasets (title.basics joined with title.ratings). */
export interface ImdbTitlesTable {
  tconst: string;
  title_type: string;
  primary_title: string;
  original_title: string | null;
  is_adult: number;
  start_year: number | null;
  end_year: number | null;
  runtime_minutes: number | null;
  genres: string | null;
  average_rating: number | null;
  num_votes: number | null;
  /** The primary title's search key (imdb/searchKey.ts), written by the app with the title. */
  search_title: string;
}

/** One row per voted, non-adult title and genre word, in vote order per type and genre (kept by triggers; see the migration title-genres). */
export interface ImdbTitleGenresTable {
  title_type: string;
  genre: string;
  num_votes: number;
  tconst: string;
  start_year: number | null;
}

/** A title's other names as search keys: its original title and title.akas, where they differ from the primary title's key. */
export interface ImdbAltTitlesTable {
  tconst: string;
  search_title: string;
}

/** title.ratings rows as imported, kept so ratings imported before their titles still reach them. */
export interface ImdbRatingsTable {
  tconst: string;
  average_rating: number | null;
  num_votes: number | null;
}

export interface MoviesTable {
  id: Generated<number>;
  tconst: string;
  title: string;
  poster: string | null;
  release_date: string | null;
  year: number | null;
  imdb_rating: number | null;
  imdb_link: string;
  length: number | null;
  plot: string | null;
  genres: string | null;
  date_added: string;
  added_by: number | null;
}

export interface ReviewsTable {
  id: Generated<number>;
  user_id: number;
  movie_id: number;
  stars: number;
  ttm_rating: string | null;
  pain_level: number | null;
  smoke_alarms: number | null;
  equipment_seen: number | null;
  estimated_budget: string | null;
  text: string | null;
  /** 1: the text gives the plot away (shown blurred until clicked). */
  spoiler: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WatchlistsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Sanitised HTML. */
  description: string;
  is_personal: number;
  /** Random slug that makes a personal list's Stremio address unguessable. */
  secret: string | null;
  picked_movie_id: number | null;
  picked_at: string | null;
  /** Who drew the pick (null for picks made before this was kept, or when that member is gone). */
  picked_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface WatchlistItemsTable {
  watchlist_id: number;
  movie_id: number;
  /** Dense, 0-based order within the list. */
  position: number;
  added_by: number | null;
  added_at: string;
}

export interface WatchlistModeratorsTable {
  watchlist_id: number;
  user_id: number;
  added_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** Counted up by triggers at every change to a movie's reviews. */
export interface MovieReviewVersionsTable {
  movie_id: number;
  version: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type MovieRow = Selectable<MoviesTable>;
export type NewMovie = Insertable<MoviesTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type ImdbTitleRow = Selectable<ImdbTitlesTable>;
export type NewImdbTitle = Insertable<ImdbTitlesTable>;
export type WatchlistRow = Selectable<WatchlistsTable>;
export type WatchlistUpdate = Updateable<WatchlistsTable>;

/** One viewing of a catalogue movie (the diary); `watched_on` is YYYY-MM-DD (null: watched, day unknown), `rewatch` 0 or 1. */
export interface ViewingsTable {
  id: Generated<number>;
  user_id: number;
  movie_id: number;
  watched_on: string | null;
  rewatch: number;
  place: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** A member tagged as having watched a viewing too. */
export interface ViewingCompanionsTable {
  viewing_id: number;
  user_id: number;
}

/** An uploaded history file: its status, counts and progress; `result` is JSON (ImportResult). */
export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  source: string | null;
  status: string;
  file_name: string;
  rows: Generated<number>;
  matched: Generated<number>;
  ambiguous: Generated<number>;
  unmatched: Generated<number>;
  progress_done: Generated<number>;
  progress_total: number | null;
  rows_per_second: number | null;
  error: string | null;
  result: string | null;
  created_at: string;
  updated_at: string;
}

/** One row of an import as read, its match (`tconst` chosen, `candidates` JSON) and, once applied, its outcome. */
export interface ImportRowsTable {
  id: Generated<number>;
  import_id: number;
  file: string;
  line: number;
  kind: string;
  title: string;
  year: number | null;
  given_tconst: string | null;
  stars: number | null;
  rated_on: string | null;
  watched_on: string | null;
  rewatch: number;
  review: string | null;
  list_index: number | null;
  position: number | null;
  /** JSON: the club fields of our own export. */
  club: string | null;
  match: string;
  tconst: string | null;
  candidates: string;
  outcome: string | null;
  reason: string | null;
}

export interface ImportListsTable {
  import_id: number;
  list_index: number;
  name: string;
  description: string;
  /** JSON array of usernames. */
  moderators: string;
  action: string;
}

/** A movie night of a public watchlist; `starts_at` is UTC ISO-8601, `utc_offset` the scheduled offset in minutes; `status` 'planned' or 'cancelled'. */
export interface ScreeningsTable {
  id: Generated<number>;
  watchlist_id: number;
  starts_at: string;
  utc_offset: number;
  place: string | null;
  note: string | null;
  status: string;
  created_by: number | null;
  picked_movie_id: number | null;
  picked_at: string | null;
  /** Who drew the pick (null for picks made before this was kept, or when that member is gone). */
  picked_by: number | null;
  /** Raised on every change calendars should notice (iCalendar SEQUENCE). */
  sequence: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The start its 'starting soon' webhook post was sent for (null: none yet). */
  soon_posted_for: string | null;
  /** The site's address it was scheduled through: the post's link when PUBLIC_URL is not set. */
  site_url: string | null;
}

/** A member's answer to a screening: 'yes', 'maybe' or 'no'. */
export interface ScreeningRsvpsTable {
  screening_id: number;
  user_id: number;
  status: string;
  updated_at: string;
}

/** A member's vote at a screening: 'up' or 'veto', one per member and movie. */
export interface ScreeningVotesTable {
  screening_id: number;
  user_id: number;
  movie_id: number;
  vote: string;
  created_at: string;
}

/** A member recorded as having come, the viewing the screening logged for them, and whether they dismissed its rating prompt. */
export interface ScreeningAttendeesTable {
  screening_id: number;
  user_id: number;
  viewing_id: number | null;
  prompt_dismissed: Generated<number>;
}

/** A member's comment on a review: plain text as written (trimmed); the HTML is made when read. */
export interface CommentsTable {
  id: Generated<number>;
  review_id: number;
  user_id: number;
  text: string;
  spoiler: Generated<number>;
  created_at: string;
  /** When the text last changed; null if never. */
  edited_at: string | null;
}

/** One member's reaction (a name from the contract's REACTIONS) to a review or a comment (`target_kind` 'review' or 'comment'). */
export interface ReactionsTable {
  target_kind: string;
  target_id: number;
  user_id: number;
  reaction: string;
  created_at: string;
}

/** Something that happened for a member (`kind` from the contract's NOTIFICATION_KINDS), as one sentence and a link. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** Who did it; null when nobody did (a rating prompt) or the account is gone. */
  actor_id: number | null;
  text: string;
  link: string;
  created_at: string;
  read_at: string | null;
  /** Names an event that notifies once only; null when each occurrence counts. */
  dedupe_key: string | null;
}

/** A kind of notification (from the contract's NOTIFICATION_KINDS) a member has turned off; no row: on. */
export interface NotificationKindsOffTable {
  user_id: number;
  kind: string;
}

/** A member whose events another member's feed leaves out. */
export interface MutesTable {
  user_id: number;
  muted_id: number;
  created_at: string;
}

/** A single-use invitation to register; the link's token is kept only as its HMAC. */
export interface InvitesTable {
  id: Generated<number>;
  token_hash: string;
  /** The admin who made it; null once their account is gone. */
  created_by: number | null;
  created_at: string;
  expires_at: string;
  note: string | null;
  /** Who registered with it; null while unused (or once that account is gone: `used_at` still marks it spent). */
  used_by: number | null;
  used_at: string | null;
}

/** A media-server user linked to a member: their finished movies join the member's diary. */
export interface MediaServerUsersTable {
  id: Generated<number>;
  /** `jellyfin`, `plex` or `emby` (the contract's MEDIA_SERVERS). */
  server: string;
  external_name: string;
  external_name_lower: string;
  user_id: number;
  created_at: string;
}

/** A finished play accepted from a media server; `viewing_id` is null when it logged nothing (a duplicate). */
export interface MediaServerScrobblesTable {
  id: Generated<number>;
  server: string;
  user_id: number;
  movie_id: number;
  /** UTC ISO 8601: when the media server says the play ended (else when it arrived). */
  played_at: string;
  viewing_id: number | null;
  received_at: string;
}

/** Webhook events per server: `received`, `recorded`, or an ignore reason. */
export interface MediaServerCountsTable {
  server: string;
  counter: string;
  count: number;
}

/** Club events waiting for the outgoing webhook (oldest first), kept across restarts. */
export interface WebhookOutboxTable {
  id: Generated<number>;
  /** The ClubEvent as JSON. */
  event: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A process is sending it until then; null when nobody is. */
  claimed_until: string | null;
  created_at: string;
}

/** An identity at an OpenID Connect provider (issuer + subject) linked to a member; one per member and issuer. */
export interface OidcIdentitiesTable {
  id: Generated<number>;
  issuer: string;
  /** The provider's `sub` claim: stable for the person, unlike their name or email. */
  subject: string;
  user_id: number;
  created_at: string;
}
