import type { Plugin } from 'vite';

/** A part one PrimeReact component imports for a feature this app never uses, and what it renders instead: nothing. */
interface UnusedPart {
  /** The component whose import is left out, as a folder of the primereact package; `*` for every component. */
  importer: string;
  /** The module it imports, and the name it imports from it. */
  source: string;
  name: string;
  why: string;
}

const UNUSED_PARTS: UnusedPart[] = [
  {
    importer: '*',
    source: 'primereact/ripple',
    name: 'Ripple',
    why: "for the ink effect on a press, which PrimeReact draws only when its `ripple` option is on, and this app never turns it on (the component then renders nothing); about 2 KB of the first visit's script",
  },
  {
    importer: 'rating',
    source: 'primereact/tooltip',
    name: 'Tooltip',
    why: "for the `tooltip` prop, which no Rating gets: the star rating names itself (components/StarRating.tsx); about 5 KB of the home page's script",
  },
  {
    importer: 'carousel',
    source: 'primereact/icons/chevronup',
    name: 'ChevronUpIcon',
    why: "for the previous button of `orientation=\"vertical\"`, which no Carousel gets; a script of its own on a first visit to the home page",
  },
  {
    importer: 'carousel',
    source: 'primereact/icons/chevrondown',
    name: 'ChevronDownIcon',
    why: "for the next button of `orientation=\"vertical\"`; another script of a first visit (a Dropdown's own chevron still comes with the Dropdown)",
  },
  {
    importer: 'paginator',
    source: 'primereact/dropdown',
    name: 'Dropdown',
    why: 'for RowsPerPageDropdown, which shows only with `rowsPerPageOptions`, never given here; with its virtual scroller, about 20 KB of the watchlist page',
  },
  {
    importer: 'paginator',
    source: 'primereact/inputnumber',
    name: 'InputNumber',
    why: 'for JumpToPageInput, which no template here names; about 8 KB of the watchlist page',
  },
];

/**
 * Some PrimeReact components import whole other components for features this app never uses.
 * For those components alone, the import resolves to a stub that renders nothing (UNUSED_PARTS
 * says which and why). Use one of the features (the `ripple` option, a Rating's `tooltip`, a vertical
 * Carousel, a Paginator's rows-per-page choice or page jump) and it does not show: take the entry out of UNUSED_PARTS first.
 */
export function unusedPrimeReactParts(): Plugin {
  const stubId = (part: UnusedPart) => `\0unused-${part.importer}-${part.name}`;
  return {
    name: 'unused-primereact-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const part = UNUSED_PARTS.find(
        (candidate) =>
          candidate.source === source && importer !== undefined && new RegExp(`primereact[\\\\/]${candidate.importer === '*' ? '[^\\\\/]+' : candidate.importer}[\\\\/]`).test(importer),
      );
      return part ? stubId(part) : null;
    },
    load(id) {
      const part = UNUSED_PARTS.find((candidate) => stubId(candidate) === id);
      return part ? `export const ${part.name} = () => null;` : null;
    },
  };
}
