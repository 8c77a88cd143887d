import fs from 'node:fs';
import path from 'node:path';
import { MOVIE_REVIEWS_LIMIT, PUBLIC_LISTS_PAGE_SIZE, rowIdFromText } from '@movieclub/contract';

/**
 * Each client address and the module that draws its screen, as web/src/App.tsx routes them
 * (a test keeps the two in step). A screen's chunk is otherwise found only once the entry
 * script has run: named in the page, the browser fetches it alongside the entry.
 */
export const SCREEN_MODULES: [pattern: RegExp, module: string][] = [
  [/^\/$/, 'src/pages/home/HomePage.tsx'],
  [/^\/login\/?$/, 'src/pages/login/LoginPage.tsx'],
  [/^\/login\/link\/?$/, 'src/pages/login/LinkAccountPage.tsx'],
  [/^\/register\/?$/, 'src/pages/register/RegisterPage.tsx'],
  [/^\/movie\/[^/]+\/?$/, 'src/pages/movie/MoviePage.tsx'],
  [/^\/add-movie\/?$/, 'src/pages/add-movie/AddMoviePage.tsx'],
  [/^\/watchlist(\/[^/]+)?\/?$/, 'src/pages/watchlist/WatchlistPage.tsx'],
  [/^\/user\/profile\/[^/]+\/year\/[^/]+\/?$/, 'src/pages/year/MemberYearPage.tsx'],
  [/^\/user\/profile\/[^/]+\/?$/, 'src/pages/profile/ProfilePage.tsx'],
  [/^\/import(\/[^/]+)?\/?$/, 'src/pages/import/ImportPage.tsx'],
  [/^\/screening\/[^/]+\/?$/, 'src/pages/screening/ScreeningPage.tsx'],
  [/^\/club\/year\/[^/]+\/?$/, 'src/pages/year/ClubYearPage.tsx'],
  [/^\/feed\/?$/, 'src/pages/feed/FeedPage.tsx'],
  [/^\/club\/?$/, 'src/pages/club/ClubPage.tsx'],
  [/^\/admin\/?$/, 'src/pages/admin/AdminPage.tsx'],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The files a screen needs beyond the entry: its chunk, the chunks it imports statically, their styles. */
export interface ScreenFiles {
  scripts: string[];
  styles: string[];
}

/** Reads the build's manifest (web/dist/.vite/manifest.json); null without one, and then nothing is named. */
export function readScreenFiles(webDist: string): ((pathname: string) => ScreenFiles | null) | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  // Whatever the entry loads is in the page already.
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded);

  const keyOfModule = manifestKeys(webDist, manifest);
  const byModule = new Map<string, ScreenFiles>();
  for (const [, module] of SCREEN_MODULES) {
    const keys = new Set<string>();
    walk(keyOfModule(module), keys);
    const own = [...keys].filter((key) => !loaded.has(key));
    byModule.set(module, {
      scripts: own.map((key) => manifest[key].file),
      styles: [...new Set(own.flatMap((key) => manifest[key].css ?? []))],
    });
  }
  return (pathname) => {
    const module = SCREEN_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
    return (module && byModule.get(module)) || null;
  };
}

/**
 * A module's key in the manifest: its own path when its chunk stands for it alone, else the key of
 * the chunk the build put it in (web/build/moduleChunks.ts).
 */
function manifestKeys(webDist: string, manifest: Record<string, ManifestChunk>): (module: string) => string {
  let chunkOf: Record<string, string> = {};
  try {
    chunkOf = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'module-chunks.json'), 'utf8')) as Record<string, string>;
  } catch {
    // An older build: modules are found by their own keys only.
  }
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  return (module) => (manifest[module] ? module : (keyOfFile.get(chunkOf[module] ?? '') ?? module));
}

/**
 * Link elements that fetch a screen's files while the entry script loads (hrefs under the site's
 * prefix). Styles are fetched, not applied: as the page's own stylesheets they would hold its
 * first paint (the header) until each had arrived.
 */
export function preloadLinks(files: ScreenFiles, basePath: string): string {
  return [
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${basePath}/${file}" />`),
    ...files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${basePath}/${file}" />`),
  ].join('');
}

/**
 * The calls a screen makes as soon as its script runs, at the addresses web/src/api asks for them
 * (a browser test checks each is fetched once): named in the page, their answers arrive with the
 * scripts instead of after them. Every screen asks who is signed in (session/SessionProvider.tsx);
 * a movie's id is read as the screen reads it (the contract's rowIdFromText); the list screens show the first page
 * of public lists beside any list (PublicListsCard).
 */
const EVERY_SCREEN_CALLS = ['/api/user'];
const SCREEN_CALLS: [pattern: RegExp, calls: (match: RegExpExecArray) => string[]][] = [
  [
    /^\/movie\/([^/]+)\/?$/,
    ([, raw]) => {
      const id = rowIdFromText(raw);
      return id === null ? [] : [`/api/movies/${id}`, `/api/movies/${id}/reviews?limit=${MOVIE_REVIEWS_LIMIT}`];
    },
  ],
  [/^\/watchlist(\/[^/]+)?\/?$/, () => [`/api/watchlists/public?q=&limit=${PUBLIC_LISTS_PAGE_SIZE}&offset=0`]],
];

/** Link elements that start a screen's first calls with the page (with the visitor's cookies, as the calls send them). */
export function callPreloadLinks(pathname: string, basePath: string): string {
  const calls = [...EVERY_SCREEN_CALLS];
  for (const [pattern, screenCalls] of SCREEN_CALLS) {
    const match = pattern.exec(pathname);
    if (match) calls.push(...screenCalls(match));
  }
  return calls.map((call) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${basePath}${call.replaceAll('&', '&amp;')}" />`).join('');
}
