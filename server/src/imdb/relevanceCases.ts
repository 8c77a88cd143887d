import { AKAS_HEADER, BASICS_HEADER, RATINGS_HEADER } from './parse';

/**
 * Search relevance cases, for the tests and the benchmark: real films at their real
 * ids and about their real votes, decoys named as people type with few votes, and
 * the queries people type with the film they mean.
 */

export type Title = [tconst: string, type: string, title: string, votes: number, original?: string];

/** Real films at their real ids, with about their real votes. */
export const FILMS: Title[] = [
  ['tt0133093', 'movie', 'The Matrix', 2_100_000],
  ['tt0234215', 'movie', 'The Matrix Reloaded', 640_000],
  ['tt0242653', 'movie', 'The Matrix Revolutions', 560_000],
  ['tt0068646', 'movie', 'The Godfather', 2_100_000],
  ['tt0071562', 'movie', 'The Godfather Part II', 1_400_000],
  ['tt0099674', 'movie', 'The Godfather Part III', 450_000],
  ['tt0078748', 'movie', 'Alien', 950_000],
  ['tt0090605', 'movie', 'Aliens', 770_000],
  ['tt0103644', 'movie', 'Alien 3', 330_000],
  ['tt0211915', 'movie', 'Amélie', 800_000, "Le fabuleux destin d'Amélie Poulain"],
  ['tt0145487', 'movie', 'Spider-Man', 880_000],
  ['tt0316654', 'movie', 'Spider-Man 2', 620_000],
  ['tt0120737', 'movie', 'The Lord of the Rings: The Fellowship of the Ring', 2_000_000],
  ['tt0167261', 'movie', 'The Lord of the Rings: The Two Towers', 1_800_000],
  ['tt0167260', 'movie', 'The Lord of the Rings: The Return of the King', 2_000_000],
  ['tt0077869', 'movie', 'The Lord of the Rings', 110_000],
  ['tt1375666', 'movie', 'Inception', 2_600_000],
  ['tt0816692', 'movie', 'Interstellar', 2_200_000],
  ['tt0468569', 'movie', 'The Dark Knight', 3_000_000],
  ['tt0076759', 'movie', 'Star Wars', 1_450_000],
  ['tt0114709', 'movie', 'Toy Story', 1_100_000],
  ['tt0435761', 'movie', 'Toy Story 3', 900_000],
  ['tt0245429', 'movie', 'Spirited Away', 900_000, 'Sen to Chihiro no kamikakushi'],
  ['tt5884052', 'movie', 'Pokémon Detective Pikachu', 180_000],
  ['tt0903747', 'tvSeries', 'Breaking Bad', 2_200_000],
  ['tt1475582', 'tvSeries', 'Sherlock', 1_000_000],
  ['tt0108778', 'tvSeries', 'Friends', 1_100_000],
  ['tt0111161', 'movie', 'The Shawshank Redemption', 3_000_000],
  ['tt0110912', 'movie', 'Pulp Fiction', 2_300_000],
  ['tt0109830', 'movie', 'Forrest Gump', 2_300_000],
  ['tt0137523', 'movie', 'Fight Club', 2_400_000],
  ['tt0114369', 'movie', 'Se7en', 1_900_000],
  ['tt0120338', 'movie', 'Titanic', 1_300_000],
  ['tt0088247', 'movie', 'The Terminator', 950_000],
  ['tt0103064', 'movie', 'Terminator 2: Judgment Day', 1_200_000],
  ['tt0088763', 'movie', 'Back to the Future', 1_300_000],
  ['tt0096874', 'movie', 'Back to the Future Part II', 580_000],
  ['tt0107290', 'movie', 'Jurassic Park', 1_100_000],
  ['tt0910970', 'movie', 'WALL·E', 1_200_000],
  ['tt0083866', 'movie', 'E.T. the Extra-Terrestrial', 450_000],
  ['tt0240772', 'movie', "Ocean's Eleven", 600_000],
  ['tt0118799', 'movie', 'Life Is Beautiful', 750_000, 'La vita è bella'],
  ['tt0082096', 'movie', 'Das Boot', 270_000],
  ['tt0457430', 'movie', "Pan's Labyrinth", 700_000, 'El laberinto del fauno'],
  ['tt0047478', 'movie', 'Seven Samurai', 370_000, 'Shichinin no samurai'],
  ['tt0080684', 'movie', 'Star Wars: Episode V - The Empire Strikes Back', 1_400_000],
  ['tt0086190', 'movie', 'Star Wars: Episode VI - Return of the Jedi', 1_100_000],
  ['tt0241527', 'movie', "Harry Potter and the Sorcerer's Stone", 900_000],
  ['tt0317219', 'movie', 'Cars', 480_000],
  ['tt2380307', 'movie', 'Coco', 650_000],
  ['tt0089218', 'movie', 'The Goonies', 300_000],
  ['tt0095016', 'movie', 'Die Hard', 950_000],
];

/** Other titles of the films (title.akas), as IMDb lists them. */
export const AKAS: [tconst: string, title: string][] = [
  ['tt0245429', 'Chihiros Reise ins Zauberland'],
  ['tt0245429', '千と千尋の神隠し'],
  ['tt0118799', 'Das Leben ist schön'],
  ['tt0068646', 'Der Pate'],
  ['tt0068646', 'Le Parrain'],
  ['tt0241527', "Harry Potter and the Philosopher's Stone"],
  ['tt0241527', 'Harry Potter und der Stein der Weisen'],
  ['tt0133093', 'Matrix'],
  ['tt0095016', 'Stirb langsam'],
];

/** Titles named as people type, or starting so, that few people voted for. */
export function decoys(): Title[] {
  const titles: Title[] = [];
  const add = (type: string, title: string, votes: number) => titles.push([`tt98${String(titles.length).padStart(5, '0')}`, type, title, votes]);
  add('movie', 'Matrix', 500);
  add('tvSeries', 'Matrix', 4_000);
  add('video', 'Matrix Reloaded Fan Cut', 50);
  add('short', 'Matrix Reloaded', 30);
  add('movie', 'The Godfather Returns', 80);
  add('movie', 'Godfather', 15_000);
  add('movie', 'Godfather', 4_000);
  add('tvSeries', 'Godfather of Harlem', 15_000);
  add('short', 'Alien', 200);
  add('movie', 'Inception Point', 100);
  add('movie', 'Fellowship', 200);
  add('movie', 'Fellowship of the Dice', 50);
  add('short', 'Lord of the Rings', 300);
  add('movie', 'Dark Knight', 150);
  add('movie', 'Amelie', 40);
  add('movie', 'Breaking Bad', 60);
  add('video', 'Star Wars Fan Film', 900);
  add('movie', 'Interstellar Wars', 2_000);
  add('tvSeries', 'Cars', 3_000);
  add('short', 'Coco', 200);
  add('tvMiniSeries', 'Titanic', 8_000);
  add('movie', 'Der Pate', 20);
  add('movie', 'Shawshank', 30);
  add('movie', 'Die Hard Fans', 90);
  add('movie', 'Seven Samurai Sisters', 40);
  // More starts than the SQLite candidate stage keeps names (twice the limit), so the films must not be cut there.
  for (let i = 1; i <= 40; i++) {
    add('movie', `Matrix Chronicles ${i}`, 10 + i);
    add('movie', `Godfather of the Streets ${i}`, 10 + i);
    add('movie', `Alien Encounter ${i}`, 10 + i);
    add('movie', `Inception Point ${i}`, 10 + i);
  }
  // Films named as a series is, more of them than a page holds: the series (fewer votes would not do) still leads.
  for (let i = 1; i <= 12; i++) {
    add('movie', 'Sherlock', 10 * i);
    add('movie', 'Friends', 10 * i);
  }
  // Episodes named after the films, some fairly voted.
  for (let i = 1; i <= 30; i++) {
    for (const name of ['The Matrix', 'The Godfather', 'Alien', 'Inception', 'Spider-Man', 'Star Wars', 'The Dark Knight', 'Toy Story', 'The Terminator', 'Titanic']) {
      add('tvEpisode', name, i * 300);
    }
  }
  return titles;
}

/** Query, the film meant, and the place it must reach at worst (1: first). */
export const QUERIES: [string, string, number][] = [
  ['matrix', 'tt0133093', 1],
  ['the matrix', 'tt0133093', 1],
  ['matri', 'tt0133093', 1],
  ['matrix reloaded', 'tt0234215', 1],
  ['the matrix rel', 'tt0234215', 1],
  ['matrx', 'tt0133093', 3],
  ['godfather', 'tt0068646', 1],
  ['the godfather', 'tt0068646', 1],
  ['godfather part ii', 'tt0071562', 1],
  ['godfather part', 'tt0071562', 3],
  ['godfathr', 'tt0068646', 1],
  ['the godfathr', 'tt0068646', 1],
  ['alien', 'tt0078748', 1],
  ['aliens', 'tt0090605', 1],
  ['alien 3', 'tt0103644', 1],
  ['inception', 'tt1375666', 1],
  ['incep', 'tt1375666', 1],
  ['inceptoin', 'tt1375666', 3],
  ['incepton', 'tt1375666', 1],
  ['lord of the rings', 'tt0120737', 3],
  ['fellowship', 'tt0120737', 1],
  ['fellowship of the ring', 'tt0120737', 1],
  ['lord of the rigns', 'tt0120737', 3],
  ['return of the king', 'tt0167260', 1],
  ['two towers', 'tt0167261', 1],
  ['spider-man', 'tt0145487', 1],
  ['spider man', 'tt0145487', 3],
  ['spiderman', 'tt0145487', 1],
  ['spiderman 2', 'tt0316654', 1],
  ['dark knight', 'tt0468569', 1],
  ['interstellar', 'tt0816692', 1],
  ['interstelar', 'tt0816692', 1],
  ['star wars', 'tt0076759', 1],
  ['toy story', 'tt0114709', 1],
  ['spirited away', 'tt0245429', 1],
  ['amélie', 'tt0211915', 1],
  ['pokemon detective pikachu', 'tt5884052', 1],
  ['breaking bad', 'tt0903747', 1],
  ['sherlock', 'tt1475582', 1],
  ['friends', 'tt0108778', 1],
  ['amelie', 'tt0211915', 1],
  ['AMELIE', 'tt0211915', 1],
  ['le fabuleux destin', 'tt0211915', 1],
  ['godfather 2', 'tt0071562', 1],
  ['godfather part 3', 'tt0099674', 1],
  ['the matrix reloaded', 'tt0234215', 1],
  ['shawshank', 'tt0111161', 1],
  ['shawshank redemtion', 'tt0111161', 1],
  ['the shawshank', 'tt0111161', 1],
  ['pulp fiction', 'tt0110912', 1],
  ['pulp fic', 'tt0110912', 1],
  ['forest gump', 'tt0109830', 1],
  ['fight club', 'tt0137523', 1],
  ['se7en', 'tt0114369', 1],
  ['titanic', 'tt0120338', 1],
  ['terminator', 'tt0088247', 3],
  ['terminator 2', 'tt0103064', 1],
  ['back to the future', 'tt0088763', 1],
  ['back to the future 2', 'tt0096874', 1],
  ['back to the future part ii', 'tt0096874', 1],
  ['jurassic', 'tt0107290', 1],
  ['jurasic park', 'tt0107290', 1],
  ['wall-e', 'tt0910970', 1],
  ['walle', 'tt0910970', 1],
  ['et the extra terrestrial', 'tt0083866', 3],
  ['e.t.', 'tt0083866', 1],
  ['oceans eleven', 'tt0240772', 1],
  ["ocean's 11", 'tt0240772', 3],
  ['la vita e bella', 'tt0118799', 1],
  ['life is beautiful', 'tt0118799', 1],
  ['das boot', 'tt0082096', 1],
  ['pans labyrinth', 'tt0457430', 1],
  ['el laberinto del fauno', 'tt0457430', 1],
  ['seven samurai', 'tt0047478', 1],
  ['shichinin no samurai', 'tt0047478', 1],
  ['empire strikes back', 'tt0080684', 1],
  ['return of the jedi', 'tt0086190', 1],
  ['star wars episode vi', 'tt0086190', 1],
  ['harry potter', 'tt0241527', 1],
  ['philosophers stone', 'tt0241527', 1],
  ['stein der weisen', 'tt0241527', 1],
  ['der pate', 'tt0068646', 1],
  ['chihiros reise', 'tt0245429', 1],
  ['千と千尋', 'tt0245429', 1],
  ['sen to chihiro', 'tt0245429', 1],
  ['stirb langsam', 'tt0095016', 1],
  ['die hard', 'tt0095016', 1],
  ['cars', 'tt0317219', 1],
  ['coco', 'tt2380307', 1],
  ['goonies', 'tt0089218', 1],
  ['the goonis', 'tt0089218', 1],
];

/** title.basics and title.ratings rows (without headers) for titles; the headers are BASICS_HEADER and RATINGS_HEADER. */
export function titleRows(titles: Title[]): { basics: string[]; ratings: string[] } {
  return {
    basics: titles.map(([tconst, type, title, , original]) => `${tconst}\t${type}\t${title}\t${original ?? title}\t0\t2001\t\\N\t90\tDrama`),
    ratings: titles.filter(([, , , votes]) => votes > 0).map(([tconst, , , votes]) => `${tconst}\t6.0\t${votes}`),
  };
}

/** title.akas rows (without header, AKAS_HEADER) for other titles. */
export function akaRows(akas: [string, string][]): string[] {
  return akas.map(([tconst, title], i) => `${tconst}\t${i + 1}\t${title}\tDE\t\\N\timdbDisplay\t\\N\t0`);
}

export { AKAS_HEADER, BASICS_HEADER, RATINGS_HEADER };
