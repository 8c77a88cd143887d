import { SEARCH_MIN_CHARS } from '@movieclub/contract';
import { AutoComplete, type AutoCompleteCompleteEvent, type AutoCompleteSelectEvent } from 'primereact/autocomplete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
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
  // True when the last search succeeded with no titles: the panel says so (a failed search stays silent).
  const [noTitles, setNoTitles] = useState(false);
  // Said by the status region: the panel is drawn anew each time it opens, which screen readers do not read out.
  const [announcement, setAnnouncement] = useState('');
  // The text the current suggestions (or 'no titles') answer, so ArrowDown can reopen them without searching again.
  const answered = useRef<string | null>(null);
  const id = useId();
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
    // Cleared first, so a second search with no titles is said again.
    setAnnouncement('');
    // A newer query cancels the requests still running for older ones.
    await queryClient.cancelQueries({ queryKey: ['imdb', 'search'], predicate: (query) => query.queryKey[2] !== text });
    if (!text) {
      answered.current = null;
      setNoTitles(false);
      setSuggestions([]);
      return;
    }
    try {
      const results = await queryClient.fetchQuery({
        queryKey: queryKeys.imdbSearch(text),
        queryFn: ({ signal }) => searchImdb(text, signal).then((reply) => reply.results),
      });
      if (latest.current !== text) return;
      answered.current = text;
      setNoTitles(results.length === 0);
      setAnnouncement(results.length === 0 ? t('No titles found.') : '');
      setSuggestions(toSuggestions(results));
    } catch {
      // Search failures are silent: the list just stays empty.
      if (latest.current !== text) return;
      answered.current = null;
      setNoTitles(false);
      setSuggestions([]);
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

  // PrimeReact moves the highlight by setting data-p-highlight on the options, and names none of them
  // to assistive technology: mirror it as the box's aria-activedescendant and the option's aria-selected.
  useEffect(() => {
    // PrimeReact types the input as a component; it is the element.
    const input = box.current?.getInput() as unknown as HTMLInputElement | undefined;
    if (!input) return;
    let watched: HTMLElement | null = null;
    const sync = () => {
      const panel = input.getAttribute('aria-expanded') === 'true' ? box.current?.getOverlay() : null;
      if (panel && panel !== watched) {
        watched = panel;
        observer.observe(panel, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-p-highlight'] });
      }
      let active = '';
      for (const [index, option] of [...(panel?.querySelectorAll('li[role="option"]') ?? [])].entries()) {
        option.id = `${id}_option_${index}`;
        // The first highlighted one, as PrimeReact's keys take it.
        const highlighted = !active && option.getAttribute('data-p-highlight') === 'true';
        if (highlighted) active = option.id;
        option.setAttribute('aria-selected', String(highlighted));
      }
      if (active) input.setAttribute('aria-activedescendant', active);
      else input.removeAttribute('aria-activedescendant');
    };
    const observer = new MutationObserver(sync);
    observer.observe(input, { attributes: true, attributeFilter: ['aria-expanded'] });
    return () => observer.disconnect();
  }, [id]);

  // ArrowDown in the closed box opens the results again (PrimeReact only handles it while they show).
  const reopen = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key !== 'ArrowDown' || input.getAttribute('aria-expanded') === 'true') return;
    const text = searchableQuery(input.value);
    if (!text) return;
    event.preventDefault();
    if (answered.current === text && (suggestions.length > 0 || noTitles)) box.current?.show();
    else box.current?.search(event, input.value, 'dropdown');
  };

  const choose = (event: AutoCompleteSelectEvent) => {
    const chosen = event.value as Suggestion;
    setValue('');
    answered.current = null;
    setNoTitles(false);
    setSuggestions([]);
    ensure.mutate(chosen.tconst);
  };

  return (
    <>
      <AutoComplete
        ref={box}
        id={id}
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
        showEmptyMessage={noTitles}
        emptyMessage={t('No titles found.')}
        placeholder={t('Search IMDb titles...')}
        aria-label={t('Search movies')}
        inputClassName="header-search-input"
        panelClassName="header-search-panel"
        onHide={() => setAnnouncement('')}
        pt={{
          input: { root: { onKeyDown: reopen } },
          // Eight results overflow the 200 px panel: a focusable list lets keyboard users scroll it (arrow keys still move through it from the box).
          // The 'no titles' list keeps the id the box's aria-controls names.
          list: noTitles ? { id: `${id}_list` } : { tabIndex: 0, 'aria-label': t('Search results') },
        }}
      />
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </>
  );
}
