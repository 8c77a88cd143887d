import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { addToWatchlist, fetchPublicWatchlists } from '../../api/watchlists';
import { dropdownNames } from '../../components/a11y';
import { t } from '../../i18n';

interface PublicListPickerProps {
  movieId: number | null;
  movieTitle: string;
  onDone(): void;
}

/**
 * The plus button's popup: a dropdown of public lists as 'name (item_count)' and an Add button.
 * An addition closes it; a movie already in the list, or a refusal, is said in it and it stays.
 */
export function PublicListPicker({ movieId, movieTitle, onDone }: PublicListPickerProps) {
  const queryClient = useQueryClient();
  // Cached for 60 s across every card and page (the query client's default for this key).
  const lists = useQuery({ queryKey: queryKeys.publicListsAll, queryFn: ({ signal }) => fetchPublicWatchlists(signal).then((reply) => reply.watchlists) });
  const [chosen, setChosen] = useState<number | null>(null);
  const add = useMutation({
    mutationFn: ({ listId, movie }: { listId: number; movie: number }) => addToWatchlist(listId, movie),
    onSuccess: (reply, { listId }) => {
      if (!reply.added) return;
      // Fresh counts in the popup and the list itself next time they show.
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.watchlist(listId) });
      onDone();
    },
  });
  const chosenName = lists.data?.find((list) => list.id === chosen)?.name ?? '';

  return (
    <div className="public-list-popup">
      <Dropdown
        value={chosen}
        options={(lists.data ?? []).map((list) => ({ label: `${list.name} (${list.item_count})`, value: list.id }))}
        onChange={(event) => {
          setChosen(event.value as number | null);
          add.reset();
        }}
        placeholder={t('Choose a public watchlist')}
        aria-label={t('Public watchlist')}
        pt={dropdownNames(t('Public watchlist'))}
        // The popup opens on demand: take focus so a keyboard user lands in it, not at the page's end.
        autoFocus
        showClear
        scrollHeight="200px"
      />
      <Button
        type="button"
        label={t('Add')}
        size="small"
        disabled={chosen === null || movieId === null || add.isPending}
        onClick={() => chosen !== null && movieId !== null && add.mutate({ listId: chosen, movie: movieId })}
      />
      <p className="public-list-popup-note" role="status">
        {add.data?.added === false ? t('{{title}} is already in {{name}}.', { title: movieTitle, name: chosenName }) : ''}
      </p>
      {add.isError && (
        <p className="public-list-popup-note public-list-popup-error" role="alert">
          {errorText(add.error, t('Could not add the movie to the list.'))}
        </p>
      )}
    </div>
  );
}
