import { SEARCH_MIN_CHARS } from '@movieclub/contract';
import { AutoComplete, type AutoCompleteCompleteEvent, type AutoCompleteSelectEvent } from 'primereact/autocomplete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ensureMovie, searchImdb } from '../api/catalogue';
import { queryKeys } from '../api/queryKeys';
import { t } from '../i18n';
import { searchableQuery, type Suggestion, toSuggestions } from './searchSuggestions';

/**
 * The header's IMDb title search: choosing a title brings it into the catalogue and
 * opens its page. Loaded on first use with the text typed so far, which it searches at once.
 */
export default function HeaderSearchBox({ initialText }: { initialText: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState<string | Suggestion>(initialText);
  const box = useRef<AutoComplete>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const queryClient = useQueryClient();
  // The text of the newest search: replies for older texts are dropped.
  const latest = useRef('');
  const ensure = useMutation({
    mutationFn: ensureMovie,
    onSuccess: ({ movie }) => navigate(`/movie/${movie.id}`),
    // Ensure failures are silent, as the spec's error catalogue says.
    onError: () => undefined,
  });

  const complete = async (event: AutoCompleteCompleteEvent) => {
    const text = searchableQuery(event.query) ?? '';
    latest.current = text;
    // A newer query cancels the requests still running for older ones.
    await queryClient.cancelQueries({ queryKey: ['imdb', 'search'], predicate: (query) => query.queryKey[2] !== text });
    if (!text) {
      setSuggestions([]);
      return;
    }
    try {
      const results = await queryClient.fetchQuery({
        queryKey: queryKeys.imdbSearch(text),
        queryFn: ({ signal }) => searchImdb(text, signal).then((reply) => reply.results),
      });
      if (latest.current === text) setSuggestions(toSuggestions(results));
    } catch {
      // Search failures are silent: the list just stays empty.
      if (latest.current === text) setSuggestions([]);
    }
  };

  // Take over from the stand-in: keep the focus and search the text typed while this loaded. Before
  // the browser draws (a layout effect): a key pressed between the swap and a later effect would go
  // to the page and be lost.
  useLayoutEffect(() => {
    const input = document.querySelector<HTMLInputElement>('.header-search .header-search-input');
    input?.focus();
    if (input && initialText) input.setSelectionRange(initialText.length, initialText.length);
    if (searchableQuery(initialText)) box.current?.search(new Event('input') as unknown as React.SyntheticEvent, initialText, 'input');
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (event: AutoCompleteSelectEvent) => {
    const chosen = event.value as Suggestion;
    setValue('');
    setSuggestions([]);
    ensure.mutate(chosen.tconst);
  };

  return (
    <>
      <AutoComplete
        ref={box}
        value={value}
        suggestions={suggestions}
        completeMethod={(event) => void complete(event)}
        onChange={(event) => setValue(event.value as string | Suggestion)}
        onSelect={choose}
        field="label"
        dropdown
        dropdownMode="current"
        autoHighlight
        delay={400}
        minLength={SEARCH_MIN_CHARS}
        scrollHeight="200px"
        placeholder={t('Search IMDb titles...')}
        aria-label={t('Search movies')}
        inputClassName="header-search-input"
        panelClassName="header-search-panel"
        // Eight results overflow the 200 px panel: a focusable list lets keyboard users scroll it (arrow keys still move through it from the box).
        pt={{ list: { tabIndex: 0, 'aria-label': t('Search results') } }}
      />
    </>
  );
}
