import type { Plugin } from 'vite';

const STUB = '\0rating-tooltip-stub';

/**
 * PrimeReact's Rating imports the whole Tooltip for its `tooltip` prop, which this app
 * never passes (the star rating names itself; see components/StarRating.tsx). On the home
 * page that import alone is about 5 KB of the first visit's script, so for the Rating the
 * Tooltip resolves to a stub that renders nothing. Pass `tooltip` to a Rating and it shows
 * none: give the element a title or use a Tooltip of your own beside it instead.
 */
export function ratingWithoutTooltip(): Plugin {
  return {
    name: 'rating-without-tooltip',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'primereact/tooltip' && importer && /primereact[\\/]rating[\\/]/.test(importer)) return STUB;
      return null;
    },
    load(id) {
      return id === STUB ? 'export const Tooltip = () => null;' : null;
    },
  };
}
