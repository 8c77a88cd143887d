/** A genre word as recommendations and the genre table (imdb_title_genres) take it. */
const GENRE_PATTERN = /^[A-Za-z][A-Za-z-]{0,30}$/;

/** 'Horror,Comedy' → ['Horror', 'Comedy']; anything that is not a plain genre word is dropped. */
export function parseGenres(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(',').map((part) => part.trim()).filter((part) => GENRE_PATTERN.test(part)))];
}
