import type { Plugin } from 'vite';

/** The end of PrimeReact's `useStyle().load`, as it ships in primereact/hooks. */
const WRITES_EVERY_TIME = `    styleRef.current.textContent = css;
    setIsLoaded(true);
  };`;

/** The same end, writing a style (and re-rendering its component) only when the text differs. */
const WRITES_ON_CHANGE = `    if (writtenStyles.get(styleRef.current) === css) return;
    writtenStyles.set(styleRef.current, css);
    styleRef.current.textContent = css;
    setIsLoaded(true);
  };`;

/**
 * Every PrimeReact component, as it mounts, writes its styles into shared <style> elements: the
 * same four texts for each button, star rating and card, each write making the browser read the
 * sheet again, and each followed by a second render of the component. Here a text is written
 * once; the instances after it find it in place and render once. A PrimeReact whose `useStyle`
 * reads differently stops the build rather than going unpatched.
 */
export function primereactStylesOnce(): Plugin {
  return {
    name: 'primereact-styles-once',
    transform(code, id) {
      if (!/primereact[\\/]hooks[\\/]hooks\.esm\.js$/.test(id)) return null;
      if (!code.includes(WRITES_EVERY_TIME)) throw new Error('PrimeReact changed useStyle: update web/build/primereactStylesOnce.ts');
      return { code: `var writtenStyles = new WeakMap();\n${code.replace(WRITES_EVERY_TIME, WRITES_ON_CHANGE)}`, map: null };
    },
  };
}
