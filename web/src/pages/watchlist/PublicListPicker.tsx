import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys';
import { addToWatchlist, fetchPublicWatchlists } from '../../api/watchlists';
import { dropdownNames } from '../../components/a11y';
import { t } from '../../i18n';

interface PublicListPickerProps {
  movieId: number | null;
  onDone(): void;
}

/** The plus button's popup: a dropdown of public lists as 'name (item_count)' and an Add button. */
export function PublicListPicker({ movieId, onDone }: PublicListPickerProps) {
  const queryClient = useQueryClient();
  // Cached for 60 s across every card and page (the query client's default for this key).
  const lists = useQuery({ queryKey: queryKeys.publicListsAll, queryFn: ({ signal }) => fetchPublicWatchlists(signal).then((reply) => reply.watchlists) });
  const [chosen, setChosen] = useState<number | null>(null);
  const add = useMutation({
    mutationFn: ({ listId, movie }: { listId: number; movie: number }) => addToWatchlist(listId, movie),
    onSuccess: (_reply, { listId }) => {
      // Fresh counts in the popup and the list itself next time they show.
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.watchlist(listId) });
      onDone();
    },
    // Public-list failures are swallowed (spec section 8).
    onError: () => undefined,
  });

  return (
    <div className="public-list-popup">
      <Dropdown
        value={chosen}
        options={(lists.data ?? []).map((list) => ({ label: `${list.name} (${list.item_count})`, value: list.id }))}
        onChange={(event) => setChosen(event.value as number | null)}
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
    </div>
  );
}
