import { useEffect, useState } from 'react';
import { t } from '../i18n';
import './header-search.css';

const loadSearchBox = () => import('./HeaderSearchBox');

/**
 * The header search as the page first shows it: a box that looks and is named like
 * the search (PrimeReact's AutoComplete markup), so the page does not wait for the
 * AutoComplete's code. Pointing at it starts loading that code; once typed into, it swaps
 * itself for the real box as soon as that code is here.
 */
function StandIn({ text, onType }: { text: string; onType(text: string): void }) {
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
        onFocus={() => void loadSearchBox()}
        onPointerEnter={() => void loadSearchBox()}
        onChange={(event) => onType(event.target.value)}
      />
      <button aria-label={placeholder} className="p-autocomplete-dropdown p-button p-component p-button-icon-only" type="button" tabIndex={-1} onClick={() => onType(text)}>
        <span className="p-button-icon pi pi-chevron-down" aria-hidden="true" />
      </button>
    </span>
  );
}

type SearchBox = Awaited<ReturnType<typeof loadSearchBox>>['default'];

export function HeaderSearch() {
  // null until first used; then the text typed into the stand-in, handed to the real box.
  const [text, setText] = useState<string | null>(null);
  const [SearchBox, setSearchBox] = useState<SearchBox | null>(null);
  const started = text !== null;
  // The stand-in takes the typing until the code is here: swapping it for a fallback would
  // drop the focus, and the letters typed meanwhile with it.
  useEffect(() => {
    if (!started) return;
    let shown = true;
    loadSearchBox().then(
      (module) => shown && setSearchBox(() => module.default),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [started]);
  return <div className="header-search">{SearchBox ? <SearchBox initialText={text ?? ''} /> : <StandIn text={text ?? ''} onType={setText} />}</div>;
}
