// Lighthouse (performance category) on Debian's Chromium for the three screens a
// visitor meets first, with mobile (default throttling) and desktop settings,
// against the built client served by a production app process over a seeded club.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { REPO_ROOT } from '../src/config';
import { seedClub, startAppProcess } from './club';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

interface Scored {
  score: number;
  lcpMs: number;
  cls: number;
  transferredKb: number;
  /** What moved, for a screen over the CLS target: the element and its share of the shift. */
  shifts: string[];
}

const CLS_TARGET = 0.05;

function shiftedElements(audit: { details?: unknown } | undefined): string[] {
  const items = ((audit?.details as { items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[] } | undefined)?.items ?? []);
  return items.slice(0, 3).map((item) => `${item.node?.selector ?? item.node?.nodeLabel ?? '?'} (${(item.score ?? 0).toFixed(3)})`);
}

async function audit(url: string, port: number, desktop: boolean): Promise<Scored> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    transferredKb: numeric('total-byte-weight') / 1024,
    shifts: numeric('cumulative-layout-shift') > CLS_TARGET ? shiftedElements(lhr.audits['layout-shifts']) : [],
  };
}

export async function benchLighthouse(): Promise<void> {
  const webDist = path.join(REPO_ROOT, 'web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the client first: npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-lighthouse-'));
  const databaseUrl = `sqlite:${path.join(dir, 'club.db')}`;
  const { movieIds } = await seedClub(databaseUrl);
  const { child, url } = await startAppProcess(databaseUrl, dir, { WEB_DIST: webDist });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const screens: [string, string][] = [
      ['Home', '/'],
      ['Movie', `/movie/${movieIds[0]}`],
      ['Watchlist', '/watchlist'],
    ];
    console.log(`\nLighthouse ${lighthouseVersion()} (performance), ${movieIds.length.toLocaleString('en')} movies in the club`);
    console.log('| Screen | Mode | Score | LCP | CLS | Transferred |');
    console.log('|---|---|---|---|---|---|');
    const moved: string[] = [];
    for (const desktop of [false, true]) {
      for (const [label, address] of screens) {
        const scored = await audit(url + address, chrome.port, desktop);
        console.log(
          `| ${label} | ${desktop ? 'desktop' : 'mobile'} | ${scored.score} | ${(scored.lcpMs / 1000).toFixed(1)} s | ${scored.cls.toFixed(3)} | ${scored.transferredKb.toFixed(0)} KiB |`,
        );
        if (scored.shifts.length) moved.push(`${label} (${desktop ? 'desktop' : 'mobile'}): ${scored.shifts.join(', ')}`);
      }
    }
    if (moved.length) console.log(`Layout shifts over ${CLS_TARGET}:\n${moved.join('\n')}`);
  } finally {
    chrome.kill();
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}
