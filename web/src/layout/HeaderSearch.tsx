import { SEARCH_MIN_CHARS } from '@movieclub/contract';
import { AutoComplete, type AutoCompleteCompleteEvent, type AutoCompleteSelectEvent } from 'primereact/autocomplete';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ensureMovie, searchImdb } from '../api/catalogue';
import { latestOnly, searchableQuery, type Suggestion, toSuggestions } from './searchSuggestions';
import './header-search.css';

/** The header's IMDb title search: choosing a title brings it into the catalogue and opens its page. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState<string | Suggestion>('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const query = useRef('');
  const search = useMemo(() => latestOnly((signal) => searchImdb(query.current, signal)), []);

  const complete = async (event: AutoCompleteCompleteEvent) => {
    const text = searchableQuery(event.query);
    if (!text) {
      setSuggestions([]);
      return;
    }
    query.current = text;
    try {
      const reply = await search();
      if (reply) setSuggestions(toSuggestions(reply.results));
    } catch {
      // Search failures are silent: the list just stays empty.
      setSuggestions([]);
    }
  };

  const choose = async (event: AutoCompleteSelectEvent) => {
    const chosen = event.value as Suggestion;
    setValue('');
    setSuggestions([]);
    try {
      const { movie } = await ensureMovie(chosen.tconst);
      navigate(`/movie/${movie.id}`);
    } catch {
      // Ensure failures are silent, as the spec's error catalogue says.
    }
  };

  return (
    <div className="header-search">
      <AutoComplete
        value={value}
        suggestions={suggestions}
        completeMethod={(event) => void complete(event)}
        onChange={(event) => setValue(event.value as string | Suggestion)}
        onSelect={(event) => void choose(event)}
        field="label"
        dropdown
        dropdownMode="current"
        autoHighlight
        delay={400}
        minLength={SEARCH_MIN_CHARS}
        scrollHeight="200px"
        placeholder="Search IMDb titles..."
        aria-label="Search movies"
        inputClassName="header-search-input"
        panelClassName="header-search-panel"
        // Eight results overflow the 200 px panel: a focusable list lets keyboard users scroll it (arrow keys still move through it from the box).
        pt={{ list: { tabIndex: 0, 'aria-label': 'Search results' } }}
      />
    </div>
  );
}
