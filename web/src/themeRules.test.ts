import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clientWords, withoutUnusedThemeRules } from '../build/unusedThemeRules';

const here = path.dirname(fileURLToPath(import.meta.url));
const theme = fs.readFileSync(createRequire(import.meta.url).resolve('primereact/resources/themes/lara-light-blue/theme.css'), 'utf8');
const squeezed = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('the theme without the rules of components the client never uses', () => {
  it('drops a rule only when every selector starts with an unused component, and keeps a used one in every variant', () => {
    const css = `:root { --primary: blue; }
      .p-treetable .p-treetable-thead > tr > th { padding: 1rem; }
      .p-button.p-button-danger { color: red; }
      .p-toast-message-success, .p-galleria-item { color: green; }
      .p-galleria-item, .p-megamenu { margin: 0; }
      .movie-card .p-treetable { gap: 1px; }
      @media (max-width: 960px) { .p-megamenu { display: none; } }`;
    const words = new Set(['p-button', 'p-toast', 'movie-card']);
    assert.equal(
      squeezed(withoutUnusedThemeRules(css, words)),
      squeezed(`:root { --primary: blue; }
        .p-button.p-button-danger { color: red; }
        .p-toast-message-success { color: green; }
        .movie-card .p-treetable { gap: 1px; }`),
    );
  });

  it("keeps PrimeReact's theme for the components the client imports and leaves out those it never loads", () => {
    const css = withoutUnusedThemeRules(theme, clientWords(here));
    for (const kept of ['.p-menubar', '.p-rating', '.p-carousel', '.p-dialog', '.p-dropdown-panel', '.p-inline-message', '.p-paginator', '.p-button-danger']) {
      assert.ok(css.includes(kept), `${kept} is kept`);
    }
    for (const leftOut of ['.p-treetable', '.p-galleria', '.p-megamenu', '.p-organizationchart', '.p-picklist']) {
      assert.ok(theme.includes(leftOut) && !css.includes(leftOut), `${leftOut} is left out`);
    }
    assert.ok(css.length < theme.length * 0.6, `${css.length} of ${theme.length} characters kept`);
  });
});
