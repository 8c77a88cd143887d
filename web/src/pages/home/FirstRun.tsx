import { type ImdbSearchResult, POPULAR_LIMIT_DEFAULT } from '@movieclub/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ensureMovie, popularImdb } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';
import { withBase } from '../../lib/basePath';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

/** An empty catalogue seen by a visitor: members add movies, so sign in first. */
function VisitorWelcome() {
  return (
    <section className="first-run" aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">{t('No movies in the catalogue yet')}</h2>
      <p>{t('Members add the movies the club watches, then rate and review them here.')}</p>
      <p>{t('Log in or register to add the first movies.')}</p>
      <div className="first-run-links">
        <Link to="/login" className="p-button p-component">
          {t('Login')}
        </Link>
        <Link to="/register" className="p-button p-button-outlined p-component">
          {t('Register')}
        </Link>
      </div>
    </section>
  );
}

interface SuggestionProps {
  title: ImdbSearchResult;
  onAdded(title: ImdbSearchResult): Promise<void>;
}

function Suggestion({ title, onAdded }: SuggestionProps) {
  const name = `${title.primary_title}${title.start_year ? ` (${title.start_year})` : ''}`;
  const ensure = useMutation({ mutationFn: async () => { await ensureMovie(title.tconst); await onAdded(title); } });
  const busy = ensure.isPending || ensure.isSuccess;
  const failure = ensure.error;
  const error = failure ? (failure instanceof ApiError && failure.answered && failure.message ? failure.message : t('Failed to add movie.')) : '';
  const add = () => ensure.mutate();

  return (
    <li className="first-run-title">
      {/* The drawn poster shows the year. */}
      <img src={withBase(`/api/posters/${title.tconst}.svg`)} alt="" loading="lazy" />
      <span className="first-run-name" title={title.primary_title}>
        {title.primary_title}
      </span>
      <FocusKeepingButton type="button" label={t('Add')} icon="pi pi-plus" size="small" aria-label={t('Add {{name}}', { name })} busy={busy} onClick={add} />
      {error && (
        <span className="first-run-error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}

/**
 * A signed-in member starting a catalogue: the most-voted feature films of the
 * IMDb index not yet in it, each added with one click (the added title leaves
 * the row and shows on the page), and where to find any other title.
 */
function MemberWelcome({ onAdded }: { onAdded(): Promise<void> }) {
  // Read once for the visit: added titles leave the row here rather than by a refetch.
  const popular = useQuery({
    queryKey: queryKeys.imdbPopular(POPULAR_LIMIT_DEFAULT),
    queryFn: ({ signal }) => popularImdb(POPULAR_LIMIT_DEFAULT, signal).then((reply) => reply.results),
    staleTime: Infinity,
  });
  const [addedTconsts, setAddedTconsts] = useState<string[]>([]);
  const [added, setAdded] = useState('');
  // Suggestions are a help; without them (a failure) the search still works.
  const titles = popular.isLoadingError ? [] : (popular.data?.filter((title) => !addedTconsts.includes(title.tconst)) ?? null);

  const addedOne = async (title: ImdbSearchResult) => {
    await onAdded();
    setAddedTconsts((current) => [...current, title.tconst]);
    setAdded(t('{{title}} was added to the catalogue.', { title: title.primary_title }));
  };

  return (
    <section className="first-run first-run-member" aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">{t('Start the catalogue')}</h2>
      <p>
        {t('Add well-known titles with one click, find any other title with the search box at the top of the page, or')}{' '}
        <Link to="/add-movie">{t('add a movie by its IMDb id')}</Link>.
      </p>
      {titles && titles.length > 0 && (
        <>
          <h3 id="first-run-popular">{t('Popular on IMDb')}</h3>
          <ul className="first-run-titles" aria-labelledby="first-run-popular">
            {titles.map((title) => (
              <Suggestion key={title.tconst} title={title} onAdded={addedOne} />
            ))}
          </ul>
        </>
      )}
      <p className="visually-hidden" role="status">
        {added}
      </p>
    </section>
  );
}

/** What an empty catalogue shows instead of a bare 'No movies found.' */
export function FirstRun({ signedIn, onAdded }: { signedIn: boolean; onAdded(): Promise<void> }) {
  return signedIn ? <MemberWelcome onAdded={onAdded} /> : <VisitorWelcome />;
}
