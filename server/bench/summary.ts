// The bench's targets in one table, printed at the end of a run: each part records its
// figures against the targets it measures, and the table lists them in the order below
// (the order of the performance targets in docs/performance.md), with the machine and its load.
import os from 'node:os';

/** The targets, in the order the table lists them. */
const TOPICS = [
  'Lighthouse, mobile',
  'Lighthouse, desktop',
  'Catalogue (GET /api/movies)',
  'Recommendations',
  'IMDb search (HTTP)',
  'Averages, reviews, public lists',
  'Title search',
  'IMDb import',
  'Mixed load',
] as const;

export type Topic = (typeof TOPICS)[number];

interface Figure {
  topic: Topic;
  /** What was measured, where the topic alone does not say (a screen, a database, a call). */
  detail: string;
  measured: string;
  target: string;
  /** Null for a figure shown beside a target it does not decide. */
  met: boolean | null;
}

const figures: Figure[] = [];

export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

/** `0.57 ×` of a limit, as the tables print ratios; two significant digits below a tenth (`0.0045 ×`, not `0.00 ×`). */
export const times = (ratio: number) => `${ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2)} ×`;

/** Prints every recorded figure under its target; nothing when no part recorded one. */
export function printSummary(): void {
  if (figures.length === 0) return;
  const cpu = os.cpus();
  console.log(`\nTargets (${new Date().toISOString().slice(0, 10)}; ${cpu.length} cores, ${cpu[0]?.model.trim() ?? 'unknown'}; load average now ${os.loadavg().map((n) => n.toFixed(2)).join(' ')})`);
  console.log('| What | Measured | Target | |');
  console.log('|---|---|---|---|');
  const ordered = [...figures].sort((a, b) => TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic));
  for (const figure of ordered) {
    const verdict = figure.met === null ? '' : figure.met ? 'met' : 'NOT met';
    console.log(`| ${figure.topic}${figure.detail ? ` (${figure.detail})` : ''} | ${figure.measured} | ${figure.target} | ${verdict} |`);
  }
  const decided = ordered.filter((figure) => figure.met !== null);
  console.log(`${decided.filter((figure) => figure.met).length} of ${decided.length} targets met.`);
}
