import type { PublicWatchlistSummary } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { addToWatchlist, cachedPublicWatchlists } from '../../api/watchlists';
import { dropdownNames } from '../../components/a11y';

interface PublicListPickerProps {
  movieId: number | null;
  onDone(): void;
}

/** The plus button's popup: a dropdown of public lists as 'name (item_count)' and an Add button. */
export function PublicListPicker({ movieId, onDone }: PublicListPickerProps) {
  const [lists, setLists] = useState<PublicWatchlistSummary[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    cachedPublicWatchlists().then(
      (found) => live && setLists(found),
      () => live && setLists([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const add = async () => {
    if (chosen === null || movieId === null) return;
    setBusy(true);
    try {
      await addToWatchlist(chosen, movieId);
      onDone();
    } catch {
      // Public-list failures are swallowed (spec section 8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="public-list-popup">
      <Dropdown
        value={chosen}
        options={lists.map((list) => ({ label: `${list.name} (${list.item_count})`, value: list.id }))}
        onChange={(event) => setChosen(event.value as number | null)}
        placeholder="Choose a public watchlist"
        aria-label="Public watchlist"
        pt={dropdownNames('Public watchlist')}
        // The popup opens on demand: take focus so a keyboard user lands in it, not at the page's end.
        autoFocus
        showClear
        scrollHeight="200px"
      />
      <Button type="button" label="Add" size="small" disabled={chosen === null || movieId === null || busy} onClick={() => void add()} />
    </div>
  );
}
