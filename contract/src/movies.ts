/** A movie in the club's catalogue, as every movie-returning call shapes it. */
export interface Movie {
  id: number;
  tconst: string;
  title: string;
  poster: string | null;
  /** ISO date (YYYY-MM-DD) when known, else the year alone, else null. */
  release_date: string | null;
  imdb_rating: number | null;
  /** https://www.imdb.com/title/tt…/ */
  imdb_link: string;
  /** Runtime in minutes. */
  length: number | null;
  plot: string | null;
  genres: string | null;
  year: number | null;
  /** ISO timestamp of when the movie entered the catalogue. */
  date_added: string;
  /** Average of all users' stars, null without reviews. */
  avg_user_rating: number | null;
  /** Number of reviews behind avg_user_rating. */
  user_rating_count: number;
}

export interface MoviesReply {
  success: true;
  movies: Movie[];
  /** The signed-in user's stars by movie id; empty when anonymous. */
  user_reviews: Record<string, number>;
}

export interface MovieReply {
  success: true;
  movie: Movie;
}
