/**
 * Every cached server read, by key. Keys start with the thing they hold, so one
 * invalidation reaches every variant (`['watchlists']` refetches every list read).
 */
export const queryKeys = {
  currentUser: ['user'] as const,
  catalogue: (userId: number | null) => ['movies', 'catalogue', userId] as const,
  /** The catalogue as every member reads it. */
  catalogues: ['movies', 'catalogue'] as const,
  movie: (id: number) => ['movies', 'one', id] as const,
  /** Every read of reviews (a movie's, one's own, averages, recent reviewers): a deleted review changes them all. */
  reviews: ['reviews'] as const,
  movieReviews: (id: number) => ['reviews', 'movie', id] as const,
  myReview: (id: number, userId: number) => ['reviews', 'mine', id, userId] as const,
  averages: (ids: number[]) => ['reviews', 'averages', ids.join(',')] as const,
  recentReviewers: (ids: number[]) => ['reviews', 'recent', ids.join(',')] as const,
  /** Everything about viewings (a diary, a movie's viewings): one logged viewing refreshes them all. */
  viewings: ['viewings'] as const,
  diary: (username: string, page: number) => ['viewings', 'diary', username.toLowerCase(), page] as const,
  movieViewings: (movieId: number) => ['viewings', 'movie', movieId] as const,
  members: (text: string) => ['members', text] as const,
  recommendations: (tconst: string) => ['recommendations', tconst] as const,
  profile: (username: string) => ['profile', username.toLowerCase()] as const,
  imdbSearch: (text: string) => ['imdb', 'search', text] as const,
  imdbPopular: (limit: number) => ['imdb', 'popular', limit] as const,
  publicLists: ['watchlists', 'public'] as const,
  publicListsAll: ['watchlists', 'public', 'all'] as const,
  publicListsPage: (text: string, offset: number) => ['watchlists', 'public', 'page', text, offset] as const,
  myWatchlist: (userId: number) => ['watchlists', 'mine', userId] as const,
  watchlist: (id: number) => ['watchlists', 'one', id] as const,
  /** Everything about imports: the member's recent ones, one import, its rows. */
  imports: ['imports'] as const,
  recentImports: ['imports', 'recent'] as const,
  importJob: (id: number) => ['imports', 'one', id] as const,
  importRows: (id: number, match: string | null, offset: number, limit: number) => ['imports', 'rows', id, match ?? 'all', offset, limit] as const,
  /** Everything about movie nights: one screening, the upcoming ones (all or one list's), the rating prompts. */
  screenings: ['screenings'] as const,
  screening: (id: number) => ['screenings', 'one', id] as const,
  upcomingScreenings: (watchlistId: number | null) => ['screenings', 'upcoming', watchlistId ?? 'all'] as const,
  earlierScreenings: (watchlistId: number) => ['screenings', 'earlier', watchlistId] as const,
  ratingPrompts: ['screenings', 'prompts'] as const,
  /** Everything statistical: refreshed together after a review or a viewing. */
  insights: ['insights'] as const,
  memberStats: (username: string, year: number | null) => ['insights', 'member', username.toLowerCase(), year ?? 'all'] as const,
  clubStats: (year: number | null) => ['insights', 'club', year ?? 'all'] as const,
  taste: (username: string, other: string) => ['insights', 'taste', username.toLowerCase(), other.toLowerCase()] as const,
  movieSeenBy: (movieId: number) => ['insights', 'seen-by', 'movie', movieId] as const,
  listSeenBy: (listId: number) => ['insights', 'seen-by', 'list', listId] as const,
  memberYear: (username: string, year: number) => ['insights', 'year', username.toLowerCase(), year] as const,
  clubYear: (year: number) => ['insights', 'year', 'club', year] as const,
  /** A review's comments (every page). */
  comments: (reviewId: number) => ['comments', reviewId] as const,
  /** Every review's comments. */
  allComments: ['comments'] as const,
  notifications: ['notifications'] as const,
  notificationSettings: ['notification-settings'] as const,
  /** The feed in every size (home's first page and the full page), refreshed together. */
  feed: ['feed'] as const,
  feedPage: (limit: number) => ['feed', limit] as const,
  mutes: ['feed-mutes'] as const,
  seen: (username: string, ids: number[]) => ['users', username.toLowerCase(), 'seen', ids.join(',')] as const,
  ratings: (username: string, ids: number[]) => ['users', username.toLowerCase(), 'ratings', ids.join(',')] as const,
};
