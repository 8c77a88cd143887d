import fs from 'node:fs';
import path from 'node:path';

/**
 * The PrimeIcons the client names: every `pi pi-…` class written out under a folder's .ts and .tsx
 * files (an icon's class is always written whole, never put together, so this finds them all).
 */
export function usedIconNames(dir: string): string[] {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        for (const [, name] of fs.readFileSync(full, 'utf8').matchAll(/\bpi pi-([a-z0-9-]+)/g)) names.add(name);
      }
    }
  };
  walk(dir);
  return [...names].sort();
}

/** Icon name → code point (hex), as a PrimeIcons stylesheet gives them (`.pi-check:before { content: "\e909"; }`). */
export function iconCodepoints(css: string): Map<string, string> {
  return new Map([...css.matchAll(/\.pi-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)";/g)].map(([, name, hex]) => [name, hex]));
}

/** The code points one @font-face's unicode-range covers (single points, as the subset writes them). */
export function unicodeRangePoints(css: string): Set<string> {
  const range = /unicode-range:\s*([^;]+);/.exec(css)?.[1] ?? '';
  return new Set([...range.matchAll(/U\+([0-9a-f]+)/gi)].map(([, hex]) => hex.toLowerCase()));
}
