import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from '../http/errors';
import { callPreloadLinks, preloadLinks, readScreenFiles } from './screenPreloads';

/** Hashed build output: a new build gets new names, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page itself must be checked on every visit so a new build's asset names are seen. */
const REVALIDATE = 'no-cache';
/** Unhashed files beside the page (logo, grade images): short, so a change shows within minutes. */
const SHORT = 'public, max-age=300';

/** The meta element that tells the client the prefix it is served under (web/src/lib/basePath.ts reads it). */
export const BASE_PATH_META = 'movieclub-base-path';

/**
 * The page as sent: the build refers to its files relatively (`./assets/…`, so one build serves any
 * prefix), which would break on a client route such as /movie/12; they are made absolute under
 * BASE_PATH, and the prefix is named for the client's router, API calls and socket.
 */
export function pageHtml(html: string, basePath: string): string {
  const absolute = html.replace(/(\s(?:src|href)=["'])\.\//g, `$1${basePath}/`);
  const meta = `<meta name="${BASE_PATH_META}" content="${basePath}" />`;
  const head = /<head[^>]*>/i.exec(absolute);
  if (head) return absolute.slice(0, head.index + head[0].length) + meta + absolute.slice(head.index + head[0].length);
  const doctype = /^<!doctype html>/i.exec(absolute)?.[0] ?? '';
  return doctype + meta + absolute.slice(doctype.length);
}

/**
 * index.html as sent for an address, read again only when the file changes: with links that fetch
 * that address's screen and its first calls alongside the entry script. Fails when the page is not built.
 */
export function pageReader(webDist: string, basePath: string) {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; head: string; rest: string; screenFiles: ReturnType<typeof readScreenFiles>; headByScreen: Map<string, string> } | null = null;
  return async (pathname: string): Promise<string> => {
    const { mtimeMs } = await fs.promises.stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = pageHtml(await fs.promises.readFile(file, 'utf8'), basePath);
      const end = html.search(/<\/head>/i);
      // A page without a head of its own goes as built.
      const [head, rest] = end < 0 ? [html, ''] : [html.slice(0, end), html.slice(end)];
      cached = { mtimeMs, head, rest, screenFiles: readScreenFiles(webDist), headByScreen: new Map() };
    }
    const { head, rest, headByScreen } = cached;
    if (!rest) return head;
    const files = cached.screenFiles?.(pathname);
    let screenHead = head;
    if (files) {
      const key = files.scripts.join(' ');
      screenHead = headByScreen.get(key) ?? head + preloadLinks(files, basePath);
      headByScreen.set(key, screenHead);
    }
    return screenHead + callPreloadLinks(pathname, basePath) + rest;
  };
}

/** The Cache-Control of a file under the built client's folder. */
function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  // The service worker and the manifest name the current build's files: checked on every visit, like the page.
  if (relative === 'index.html' || relative === 'sw.js' || relative === 'manifest.webmanifest') return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built client: hashed assets cached for a year, and index.html for
 * every other GET that is not an API, add-on or socket address, so client-side
 * routes survive a reload.
 */
export async function serveClient(app: FastifyInstance, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasClient = index !== null && fs.existsSync(index);
  const page = hasClient ? pageReader(webDist!, app.config.basePath) : null;
  if (hasClient) {
    const root = path.resolve(webDist!);
    await app.register(fastifyStatic, {
      root,
      // Files are looked up as asked for, not listed once at start: a build made while the server
      // runs (a new page naming new scripts) is served whole, never a new page with old files.
      wildcard: true,
      index: false,
      // The page itself goes through pageHtml below, at its own address too; the build's own
      // records (.vite/manifest.json) are not the site's files. A folder (`/`, `/icons/`) is no
      // file either: without this the plugin refuses it with 403 when no compressed copy is asked for.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/') && !pathName.split('/').some((part) => part.startsWith('.')),
      // Off, or the plugin's own 'public, max-age=0' replaces what setHeaders chose.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): no work per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControlFor(root, filePath));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A build's file that is not there (one an older page names) is missing, not a client route.
    const isPage = request.method === 'GET' && !/^\/(api|socket\.io|assets)(\/|$)/.test(request.url);
    if (isPage && page) {
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(await page(request.url.split('?')[0]));
    }
    if (isPage) {
      return reply.status(404).type('text/plain; charset=utf-8').send('The client is not built yet: run `npm run build`.');
    }
    return reply.status(404).send(failure('Not found.', 'not_found'));
  });
}
