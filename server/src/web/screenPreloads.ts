import fs from 'node:fs';
import path from 'node:path';

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

  const byModule = new Map<string, ScreenFiles>();
  for (const [, module] of SCREEN_MODULES) {
    const keys = new Set<string>();
    walk(module, keys);
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

/** Link elements that fetch a screen's files while the entry script loads (hrefs under the site's prefix). */
export function preloadLinks(files: ScreenFiles, basePath: string): string {
  return [
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${basePath}/${file}" />`),
    ...files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${basePath}/${file}" />`),
  ].join('');
}
