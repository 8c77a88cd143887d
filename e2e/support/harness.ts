import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestAppOptions } from '../../server/src/testing/testApp';
import { type Cluster, startCluster } from './cluster';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built client; E2E_WEB_DIST points elsewhere (e.g. a private build while another build runs). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(here, '../../web/dist');
export const SCREENSHOT_DIR = path.resolve(here, '../artifacts/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What a browser test needs of a running site: its address, its database for seeding, a way to stop it. */
export type Site = Pick<TestApp, 'url' | 'kind' | 'database' | 'agent' | 'restart' | 'close'> & { cluster?: Cluster };

/** True when the suite runs through nginx against several processes (E2E_TARGET=cluster). */
export const CLUSTER_MODE = process.env.E2E_TARGET === 'cluster';

/**
 * The whole app (built client included) with the IMDb sample loaded: by default one
 * process on a fresh SQLite database (E2E_DATABASE=postgres for PostgreSQL); with
 * E2E_TARGET=cluster, two processes on PostgreSQL and Redis behind nginx.
 */
export async function startSite(options: TestAppOptions = {}): Promise<Site> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The client is not built: run `npm run build` before the browser tests.');
  }
  if (CLUSTER_MODE) {
    const cluster = await startCluster({ processes: 2, webDist: WEB_DIST });
    const indexes = cluster.processUrls.map((_, index) => index);
    // A restart of the whole site: every process shuts down, then all start again on their ports.
    const restart = async (whileDown?: () => Promise<void>) => {
      await Promise.all(indexes.map((index) => cluster.stopProcess(index)));
      try {
        await whileDown?.();
      } finally {
        await Promise.all(indexes.map((index) => cluster.restartProcess(index)));
        // nginx holds a process that refused connections as down for a few seconds: wait until it serves again.
        for (let tries = 0; tries < 100 && !(await fetch(`${cluster.url}/api/health`).then((reply) => reply.ok, () => false)); tries++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    return { ...cluster, cluster, restart };
  }
  return startTestApp((process.env.E2E_DATABASE as 'sqlite' | 'postgres' | undefined) ?? 'sqlite', {
    loadImdbSample: true,
    ...options,
    config: { webDist: WEB_DIST, ...options.config },
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A fresh browser profile (its own cookies) whose page fails the test on uncaught page errors. */
export async function newPage(browser: Browser, baseURL: string, viewport = { width: 1400, height: 900 }, locale?: string) {
  // The app's Content-Security-Policy stays on, so a page the policy breaks fails the suite.
  // The service worker is left to pwa.spec.ts: elsewhere it would download the whole client
  // for every new profile, and answer requests before page.route could see them.
  const context: BrowserContext = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block', ...(locale ? { locale } : {}) });
  const page: Page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/** Saves a screenshot under e2e/artifacts/screenshots (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Cards off screen wait to be drawn until they are scrolled near (content-visibility: auto); a
  // picture of the whole page shows them as a reader scrolling down sees them.
  const drawAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: file, fullPage: true });
  await drawAll.evaluate((style) => (style as Element).remove());
  return file;
}

/**
 * Registers and logs in through the real screens. Fields are found by their ids:
 * the router renders a new route in a transition, so for a moment after the
 * address changes the previous card can still be on screen.
 */
export async function registerAndLogin(page: Page, username: string, password = 'correct horse battery') {
  await page.goto('/register');
  await page.locator('#register-username').fill(username);
  await page.locator('#register-password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/login');
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('.credentials-card').getByRole('button', { name: 'Login' }).click();
  await page.locator('.header-user').getByText(username).waitFor();
}

/**
 * A fresh browser profile signed in as a user made with createUser (its agent's
 * session cookie is copied in), at the given size: quicker than the login screen.
 */
export async function newSignedInPage(
  browser: Browser,
  baseURL: string,
  user: { agent: { cookieHeader: string } },
  viewport = { width: 1400, height: 900 },
  /** The browser's language (e.g. 'de-DE'); Chromium's own when left out. */
  locale?: string,
) {
  const opened = await newPage(browser, baseURL, viewport, locale);
  const cookies = user.agent.cookieHeader
    .split('; ')
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: baseURL }));
  await opened.context.addCookies(cookies);
  return opened;
}

/** A site and a browser for one describe block: `({ site, browser } = await openStage())`. */
export async function openStage(): Promise<{ site: Site; browser: Browser }> {
  const site = await startSite();
  try {
    return { site, browser: await launchBrowser() };
  } catch (error) {
    await site.close();
    throw error;
  }
}

/** Closes what openStage opened; either may be missing when opening failed. */
export async function closeStage(site: Site | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await site?.close();
}
