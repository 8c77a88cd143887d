import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The header's blue (--club-blue in src/styles.css): the phone's status bar and title bar match it. */
const THEME_COLOR = '#0b1f4b';
/** The page's background (--club-bg), shown behind the icon while the installed app starts. */
const BACKGROUND_COLOR = '#f3f4f6';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Posters: the server's drawn ones (`/api/posters/tt….svg`) and the two services' image
 * hosts (POSTER_HOSTS in server/src/http/securityHeaders.ts). Another site's address
 * only matches from its start, as Workbox requires of cross-origin routes.
 */
const POSTERS = /^https:\/\/(m\.media-amazon\.com|image\.tmdb\.org)\/|\/api\/posters\//;

/**
 * The installable app: the web app manifest, and a service worker (Workbox, generated at
 * build time) that keeps the app shell for offline use and posters for a month. API
 * replies are never kept: they always come from the server. docs/behaviour.md,
 * 'Installable app and offline', lists the rules.
 *
 * Every address is relative (`./`, `icons/…`), so one build serves any BASE_PATH: the
 * manifest's start_url and scope resolve against the manifest's own address, and the
 * worker's routes against its scope. In development there is no worker.
 */
export const pwa: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // Registered by src/pwa/register.ts, from a chunk loaded once the first page is idle.
  injectRegister: false,
  devOptions: { enabled: false },
  manifest: {
    name: 'MovieClub',
    short_name: 'MovieClub',
    description: 'Rate, review and plan movie nights together.',
    lang: 'en',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell: the page, every script and stylesheet of the build, the Latin font and the icon font.
    // The whole Inter (only for titles in other scripts) is kept when first used, below.
    globPatterns: ['**/*.{js,css,html}', 'fonts/*.woff2', 'assets/primeicons-*.woff2', 'logo.svg', 'ratings/*.png'],
    // Navigations are handled below (network first); no cache-first fallback for every address.
    navigateFallback: null,
    navigationPreload: true,
    cleanupOutdatedCaches: true,
    // The first visit's worker takes charge at once; a later version waits for the banner's reload.
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        // Pages: from the network; without one, the precached page (the app then shows the offline notice).
        // The API, the Stremio add-on, metrics and the socket are never answered with the page.
        urlPattern: ({ request, url }) => {
          if (request.mode !== 'navigate') return false;
          const scope = new URL((self as unknown as { registration: { scope: string } }).registration.scope).pathname;
          const inside = url.pathname.startsWith(scope) ? url.pathname.slice(scope.length) : url.pathname.slice(1);
          return !/^(api|stremio|metrics|socket\.io|uploads)(\/|$)/.test(inside);
        },
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'index.html' } },
      },
      {
        urlPattern: POSTERS,
        handler: 'CacheFirst',
        options: {
          cacheName: 'posters',
          // Another site's poster is an opaque reply (status 0): kept too, as an <img> shows it.
          cacheableResponse: { statuses: [0, 200] },
          expiration: { maxEntries: 500, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true },
        },
      },
      {
        // The whole Inter and its italic: hashed, so kept as they are.
        urlPattern: /\/assets\/[^/]+\.woff2$/,
        handler: 'CacheFirst',
        options: { cacheName: 'fonts', expiration: { maxEntries: 8, purgeOnQuotaError: true } },
      },
      {
        // Every other API call goes to the server, always: nothing from the API is kept.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/api\//.test(url.pathname),
        handler: 'NetworkOnly',
      },
    ],
  },
};
