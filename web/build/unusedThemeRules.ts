import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const PRIMEREACT_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"](primereact\/[\w/-]+)['"]/g;

/** The words a text holds that could be class names (letters, digits, `_` and `-`). */
function addWords(words: Set<string>, text: string) {
  for (const word of text.match(/[\w-]+/g) ?? []) words.add(word);
}

/** The source files under `folder`, tests left out. */
function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** The file of a PrimeReact module (`primereact/button`): the ES module its folder names; none for types alone (`primereact/menuitem`). */
function primeReactFile(specifier: string): string | null {
  const manifest = require.resolve(`${specifier}/package.json`);
  const { module } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { module?: string };
  return module ? path.join(path.dirname(manifest), module) : null;
}

/**
 * Every word of the client's sources and of the PrimeReact modules they import, directly or
 * through other PrimeReact modules: the class names that can reach the page, including the
 * starts of those a component puts together as it renders (`p-button-` of `p-button-${severity}`).
 */
export function clientWords(sourceFolder: string): Set<string> {
  const words = new Set<string>();
  const modules = new Set<string>();
  const visit = (text: string) => {
    addWords(words, text);
    for (const [, specifier] of text.matchAll(PRIMEREACT_IMPORT)) {
      if (modules.has(specifier)) continue;
      modules.add(specifier);
      const file = primeReactFile(specifier);
      if (file) visit(fs.readFileSync(file, 'utf8'));
    }
  };
  for (const file of sourceFiles(sourceFolder)) visit(fs.readFileSync(file, 'utf8'));
  return words;
}

/**
 * Whether a PrimeReact class belongs to a component the client uses: the class, or its start up to
 * a hyphen (`p-toast-message-success` → `p-toast-message`, `p-toast`), is one of the client's words.
 */
function ofUsedComponent(className: string, words: Set<string>): boolean {
  const parts = className.split('-');
  for (let end = parts.length; end >= 2; end--) if (words.has(parts.slice(0, end).join('-'))) return true;
  return false;
}

/** The PrimeReact class a selector starts with (`.p-datatable .p-sortable-column` → `p-datatable`), if it starts with one. */
const leadingPrimeClass = (selector: string) => /^\.(p-[\w-]+)/.exec(selector.trim())?.[1] ?? null;

/**
 * The stylesheet without the rules of PrimeReact components the client never uses: a rule goes
 * when each of its selectors starts with such a component's class. Every other rule stays whole:
 * variables, shared rules, and every rule of a component in use, whatever its state or variant.
 */
export function withoutUnusedThemeRules(css: string, words: Set<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => {
      const leading = leadingPrimeClass(selector);
      return leading === null || ofUsedComponent(leading, words);
    });
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * PrimeReact's theme styles all of its 90-odd components, and a first visit downloads and parses
 * the whole sheet before its first paint: 205 KB, of which 811 rules style components this client
 * never loads (tree table, mega menu, galleria…). The theme loses those rules as it is built,
 * judged by the words of the client's sources and the PrimeReact modules they import, so the
 * stylesheet's name (a hash of its text) changes whenever what it keeps does.
 */
export function unusedThemeRules(sourceFolder: string): Plugin {
  let words: Set<string> | null = null;
  return {
    name: 'unused-theme-rules',
    apply: 'build',
    transform(code, id) {
      if (!/primereact[\\/]resources[\\/]themes[\\/].+\.css$/.test(id)) return null;
      words ??= clientWords(sourceFolder);
      return { code: withoutUnusedThemeRules(code, words), map: null };
    },
  };
}
