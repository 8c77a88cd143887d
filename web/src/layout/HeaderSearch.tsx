import { lazy, Suspense, useState } from 'react';
import { t } from '../i18n';
import './header-search.css';

const loadSearchBox = () => import('./HeaderSearchBox');
const HeaderSearchBox = lazy(loadSearchBox);

/**
 * The header search as the page first shows it: a box that looks and is named like
 * the search (PrimeReact's AutoComplete markup), so the page does not wait for the
 * AutoComplete's code. Pointing at it starts loading that code; typing swaps it in.
 */
function StandIn({ text, onType }: { text: string; onType?(text: string): void }) {
  const placeholder = t('Search IMDb titles...');
  return (
    <span className="p-autocomplete p-component p-inputwrapper p-autocomplete-dd">
      <input
        className="header-search-input p-autocomplete-input p-autocomplete-dd-input p-inputtext p-component"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-label={t('Search movies')}
        placeholder={placeholder}
        type="text"
        value={text}
        readOnly={!onType}
        onFocus={() => void loadSearchBox()}
        onPointerEnter={() => void loadSearchBox()}
        onChange={(event) => onType?.(event.target.value)}
      />
      <button aria-label={placeholder} className="p-autocomplete-dropdown p-button p-component p-button-icon-only" type="button" tabIndex={-1} onClick={() => onType?.(text)}>
        <span className="p-button-icon pi pi-chevron-down" aria-hidden="true" />
      </button>
    </span>
  );
}

export function HeaderSearch() {
  // null until first used; then the text typed into the stand-in, handed to the real box.
  const [started, setStarted] = useState<string | null>(null);
  return (
    <div className="header-search">
      {started === null ? (
        <StandIn text="" onType={setStarted} />
      ) : (
        <Suspense fallback={<StandIn text={started} />}>
          <HeaderSearchBox initialText={started} />
        </Suspense>
      )}
    </div>
  );
}
