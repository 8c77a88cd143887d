import { type ImportCandidate, type ImportRowView, SEARCH_MIN_CHARS } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useRef, useState } from 'react';
import { searchImdb } from '../../api/catalogue';
import { errorText } from '../../api/client';
import { chooseImportRow } from '../../api/imports';
import { queryKeys } from '../../api/queryKeys';
import { dropdownNames, SUGGESTIONS_KEEP_FOCUS } from '../../components/a11y';
import { t } from '../../i18n';
import { searchableQuery, type Suggestion, toSuggestions } from '../../layout/searchSuggestions';
import { candidateText, matchLabels, titleTypeText, titleYear } from './importView';
import { storeRow } from './useImportJob';
import { withBase } from '../../lib/basePath';

/** The Dropdown's last option: search IMDb instead of choosing a candidate. */
const SEARCH = '__search';

type Mode = 'show' | 'pick' | 'search';

/** How a row's choice starts: a choice among candidates, a search, or the match as it stands. */
function startMode(row: ImportRowView): Mode {
  // A row nothing matched may still have close titles to offer; the Dropdown's last option searches.
  if (row.match === 'ambiguous' || row.match === 'unmatched') return row.candidates.length ? 'pick' : 'search';
  return 'show';
}

/**
 * The IMDb title a row is imported as. A row matching several films offers them in a
 * Dropdown (title, year, kind, votes); a row with no match offers the close titles found,
 * or a search of IMDb; a matched row can be changed; any row can be left out and put back.
 */
export function RowChoice({ importId, row }: { importId: number; row: ImportRowView }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(() => startMode(row));
  const main = useRef<HTMLDivElement>(null);
  // The control a member used goes away as the row changes; the keyboard's focus goes to the one that replaced it.
  const focusAfterChange = useRef(false);
  const switchMode = (next: Mode) => {
    focusAfterChange.current = true;
    setMode(next);
  };
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    main.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [mode, row]);
  const choose = useMutation({
    mutationFn: (tconst: string | null) => chooseImportRow(importId, row.id, tconst),
    onSuccess: (reply) => {
      storeRow(queryClient, importId, reply.row, reply.counts);
      switchMode(startMode(reply.row));
    },
  });
  const name = titleYear(row.title, row.year);
  const leaveOut = row.match === 'skipped' ? null : (
    <Button type="button" label={t('Leave out')} icon="pi pi-times" size="small" severity="secondary" text disabled={choose.isPending} onClick={() => choose.mutate(null)} aria-label={t('Leave out {{name}}', { name })} />
  );

  let body;
  if (mode === 'pick') {
    body = <CandidatePicker row={row} name={name} disabled={choose.isPending} onChoose={(tconst) => (tconst === SEARCH ? switchMode('search') : choose.mutate(tconst))} />;
  } else if (mode === 'search') {
    body = <TitleSearch name={name} disabled={choose.isPending} onChoose={(tconst) => choose.mutate(tconst)} />;
  } else if (row.match === 'skipped') {
    body = (
      <>
        <span className="import-none">{matchLabels().skipped}</span>
        <Button type="button" label={t('Put back')} icon="pi pi-undo" size="small" text onClick={() => switchMode(row.candidates.length ? 'pick' : 'search')} aria-label={t('Put back {{name}}', { name })} />
      </>
    );
  } else {
    body = (
      <>
        <Chosen candidate={row.chosen} />
        <Button type="button" label={t('Change')} icon="pi pi-pencil" size="small" text onClick={() => switchMode(row.candidates.length > 1 ? 'pick' : 'search')} aria-label={t('Change the film for {{name}}', { name })} />
      </>
    );
  }

  return (
    <div className="import-choice">
      <div className="import-choice-main" ref={main}>
        {body}
      </div>
      {leaveOut}
      {mode !== 'show' && row.match !== 'ambiguous' && row.match !== 'unmatched' ? (
        <Button type="button" label={t('Keep as it was')} size="small" text severity="secondary" onClick={() => switchMode('show')} aria-label={t('Keep {{name}} as it was', { name })} />
      ) : null}
      {choose.isError ? (
        <small className="import-error" role="alert">
          {errorText(choose.error, t('That choice could not be saved.'))}
        </small>
      ) : null}
    </div>
  );
}

function Chosen({ candidate }: { candidate: ImportCandidate | null }) {
  if (!candidate) return <span className="import-none">{t('No film chosen')}</span>;
  return (
    <span className="import-chosen">
      <a href={`https://www.imdb.com/title/${candidate.tconst}/`} target="_blank" rel="noreferrer">
        {titleYear(candidate.title, candidate.year)}
      </a>{' '}
      <small className="import-file-line">{titleTypeText(candidate.title_type)}</small>
    </span>
  );
}

function candidateItem(option: { label: string; value: string; poster?: string }) {
  return (
    <div className="import-candidate">
      {option.poster ? <img src={withBase(option.poster)} alt="" width={30} height={45} loading="lazy" /> : null}
      <span>{option.label}</span>
    </div>
  );
}

function CandidatePicker({ row, name, disabled, onChoose }: { row: ImportRowView; name: string; disabled: boolean; onChoose(tconst: string): void }) {
  const options = [
    ...row.candidates.map((candidate) => ({ label: candidateText(candidate), value: candidate.tconst, poster: candidate.poster })),
    { label: t('Another title… (search IMDb)'), value: SEARCH },
  ];
  const label = t('Film for {{name}}', { name });
  return (
    <Dropdown
      value={row.chosen?.tconst ?? null}
      options={options}
      onChange={(event) => onChoose(event.value as string)}
      itemTemplate={candidateItem}
      placeholder={t('Choose the film')}
      disabled={disabled}
      aria-label={label}
      pt={dropdownNames(label)}
      className="import-candidates"
      panelClassName="import-candidates-panel"
    />
  );
}

function TitleSearch({ name, disabled, onChoose }: { name: string; disabled: boolean; onChoose(tconst: string): void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState<string | Suggestion>('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // The text of the newest search: replies for older texts are dropped.
  const latest = useRef('');

  const complete = async (event: AutoCompleteCompleteEvent) => {
    const query = searchableQuery(event.query) ?? '';
    latest.current = query;
    if (!query) return setSuggestions([]);
    try {
      const results = await queryClient.fetchQuery({
        queryKey: queryKeys.imdbSearch(query),
        queryFn: ({ signal }) => searchImdb(query, signal).then((reply) => reply.results),
      });
      if (latest.current === query) setSuggestions(toSuggestions(results));
    } catch {
      if (latest.current === query) setSuggestions([]);
    }
  };

  return (
    <AutoComplete
      value={text}
      suggestions={suggestions}
      completeMethod={(event) => void complete(event)}
      onChange={(event) => setText(event.value as string | Suggestion)}
      onSelect={(event) => onChoose((event.value as Suggestion).tconst)}
      field="label"
      delay={300}
      minLength={SEARCH_MIN_CHARS}
      placeholder={t('Search IMDb')}
      disabled={disabled}
      aria-label={t('Search IMDb for {{name}}', { name })}
      className="import-search"
      inputClassName="import-search-input"
      panelClassName="import-search-panel"
      pt={SUGGESTIONS_KEEP_FOCUS}
    />
  );
}
