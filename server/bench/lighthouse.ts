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
import { recordFigure } from './summary';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

interface Scored {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKb: number;
  /** What moved, for a screen over the CLS target: the element and its share of the shift. */
  shifts: string[];
}

const CLS_TARGET = 0.05;
/** BENCH_LIGHTHOUSE_SCREENS=home,movie (of home, movie, watchlist) audits some screens only; BENCH_LIGHTHOUSE_MODES=mobile one mode. */
const SCREENS = process.env.BENCH_LIGHTHOUSE_SCREENS?.toLowerCase().split(',');
const MODES = (process.env.BENCH_LIGHTHOUSE_MODES ?? 'mobile,desktop').toLowerCase().split(',');
/** BENCH_LIGHTHOUSE_SAVE=<folder> keeps every run's full Lighthouse report there, to look into a score. */
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE;
/** The least score of each screen, by mode. */
const SCORE_TARGET = { mobile: 90, desktop: 95 };
/** Runs per screen and mode: one run's score moves by several points on a shared 2-core machine, their median far less. */
/** BENCH_WEB_DIST=<folder> audits another build of the client (web/dist by default), to compare two builds. */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(REPO_ROOT, 'web/dist');
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One table row: the median of every figure, the score's range beside it, the worst shift. */
function row(label: string, mode: string, runs: Scored[], failed: number): string {
  if (runs.length === 0) return `| ${label} | ${mode} | no run finished | | | | | |`;
  const of = (pick: (scored: Scored) => number) => median(runs.map(pick));
  const scores = runs.map((scored) => scored.score);
  const range = (runs.length > 1 ? ` (${Math.min(...scores)}–${Math.max(...scores)})` : '') + (failed ? `, ${failed} run${failed === 1 ? '' : 's'} failed` : '');
  return `| ${label} | ${mode} | ${Math.round(of((s) => s.score))}${range} | ${seconds(of((s) => s.fcpMs))} | ${seconds(of((s) => s.lcpMs))} | ${Math.round(of((s) => s.tbtMs))} ms | ${Math.max(...runs.map((s) => s.cls)).toFixed(3)} | ${of((s) => s.transferredKb).toFixed(0)} KiB |`;
}

/** The screen's median score and worst shift against the targets, for the summary. */
function recordScreen(label: string, mode: 'mobile' | 'desktop', runs: Scored[]) {
  const topic = mode === 'mobile' ? 'Lighthouse, mobile' : 'Lighthouse, desktop';
  if (runs.length === 0) {
    recordFigure({ topic, detail: label, measured: 'no run finished', target: '', met: false });
    return;
  }
  const score = Math.round(median(runs.map((scored) => scored.score)));
  const cls = Math.max(...runs.map((scored) => scored.cls));
  recordFigure({
    topic,
    detail: label,
    measured: `score ${score} (median of ${runs.length}), CLS ${cls.toFixed(3)}`,
    target: `score ≥ ${SCORE_TARGET[mode]}, CLS ≤ ${CLS_TARGET}`,
    met: score >= SCORE_TARGET[mode] && cls <= CLS_TARGET,
  });
}

function shiftedElements(audit: { details?: unknown } | undefined): string[] {
  const items = ((audit?.details as { items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[] } | undefined)?.items ?? []);
  return items.slice(0, 3).map((item) => `${item.node?.selector ?? item.node?.nodeLabel ?? '?'} (${(item.score ?? 0).toFixed(3)})`);
}

async function audit(url: string, port: number, desktop: boolean): Promise<Scored | null> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (SAVE_DIR) fs.writeFileSync(`${SAVE_DIR}/${desktop ? 'd' : 'm'}-${url.split('/').slice(3).join('_') || 'home'}-${Date.now()}.json`, JSON.stringify(lhr));
  // A run Lighthouse could not finish (the page never painted in its time, say) is reported, not scored as 0.
  if (lhr.runtimeError) {
    console.log(`${desktop ? 'desktop' : 'mobile'} ${url}: Lighthouse failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
    return null;
  }
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferredKb: numeric('total-byte-weight') / 1024,
    shifts: numeric('cumulative-layout-shift') > CLS_TARGET ? shiftedElements(lhr.audits['layout-shifts']) : [],
  };
}

export async function benchLighthouse(): Promise<void> {
  const webDist = WEB_DIST;
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the client first: npm run build');
  if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true });
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
    ].filter(([label]) => !SCREENS || SCREENS.includes(label.toLowerCase())) as [string, string][];
    console.log(`\nLighthouse ${lighthouseVersion()} (performance), ${movieIds.length.toLocaleString('en')} movies in the club, median of ${RUNS} run${RUNS === 1 ? '' : 's'} (load average ${os.loadavg()[0].toFixed(1)})`);
    console.log('| Screen | Mode | Score (range) | FCP | LCP | TBT | CLS (worst) | Transferred |');
    console.log('|---|---|---|---|---|---|---|---|');
    const moved: string[] = [];
    for (const desktop of [false, true].filter((desktop) => MODES.includes(desktop ? 'desktop' : 'mobile'))) {
      const mode = desktop ? 'desktop' : 'mobile';
      const runs = new Map<string, (Scored | null)[]>(screens.map(([label]) => [label, []]));
      // Screens take turns run by run, so a busy moment of the machine is shared among them.
      for (let run = 0; run < RUNS; run++) {
        for (const [label, address] of screens) runs.get(label)!.push(await audit(url + address, chrome.port, desktop));
      }
      for (const [label] of screens) {
        const all = runs.get(label)!;
        const scored = all.filter((run): run is Scored => run !== null);
        console.log(row(label, mode, scored, all.length - scored.length));
        recordScreen(label, mode, scored);
        const shifts = scored.flatMap((s) => s.shifts);
        if (shifts.length) moved.push(`${label} (${mode}): ${[...new Set(shifts)].join(', ')}`);
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
