import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The stylesheet's address in the client's code: `import 'virtual:primereact-base.css'`. */
const MODULE = 'virtual:primereact-base.css';
const RESOLVED = `\0${MODULE}`;

/** The PrimeReact components a first visit to a screen shows (home, a movie, lists, sign-in). */
const FIRST_SCREEN_COMPONENTS = ['menubar', 'carousel', 'rating', 'card', 'dropdown', 'inputtextarea', 'password', 'paginator'];

/** The declarations `var name = …;` of a module's top level, by name (each on one line, as PrimeReact ships them). */
function declarations(source: string, names: string[]): string {
  return names
    .map((name) => {
      const line = source.split('\n').find((text) => text.startsWith(`var ${name} = `));
      if (!line) throw new Error(`PrimeReact no longer declares ${name}: update web/build/primereactBaseStyles.ts`);
      return line;
    })
    .join('\n');
}

/** Evaluates string declarations from PrimeReact's own published code at build time. */
function stringsOf(source: string, names: string[], result: string): string {
  return new Function(`${declarations(source, names)}\nreturn ${result};`)() as string;
}

/**
 * PrimeReact adds each component's layout rules (and its shared ones) to the page only
 * once the component has mounted. A screen that renders in the background, yielding to
 * the browser, is painted before that: carousels stack their slides, stars their items,
 * and everything jumps a moment later. This stylesheet carries the same rules, read from
 * the installed PrimeReact at build time, so the first paint has them.
 */
export function primereactBaseStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const read = (name: string) => fs.readFileSync(path.join(path.dirname(require.resolve('primereact/package.json')), name, `${name}.esm.js`), 'utf8');
  return {
    name: 'primereact-base-styles',
    resolveId: (source) => (source === MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const base = read('componentbase');
      const shared = stringsOf(base, ['buttonStyles', 'inputTextStyles', 'iconStyles', 'baseStyle', 'commonStyle'], 'baseStyle + commonStyle');
      const components = FIRST_SCREEN_COMPONENTS.map((name) => stringsOf(read(name), ['styles'], 'styles'));
      return [shared, ...components].join('\n');
    },
  };
}
