import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page (WCAG 2.x A and AA rules) and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  // Evaluated through the browser's debugging protocol, which the site's Content-Security-Policy
  // (scripts from the site only) does not govern, unlike an inline <script> tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A readable list for an assertion message. */
export function describeViolations(violations: A11yViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.join(', ')}`).join('\n');
}
