import { PUBLIC_LISTS_PAGE_SIZE, type PublicWatchlistSummary, watchlistIdentifier } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPublicWatchlist, forgetPublicWatchlists } from '../../api/watchlists';
import { localDate, pageOf, searchPublicLists } from './rules';

interface PublicListsCardProps {
  lists: PublicWatchlistSummary[];
  selectedId: number | null;
  signedIn: boolean;
  onCreated(): Promise<void>;
}

function ListCard({ list, selected, onOpen }: { list: PublicWatchlistSummary; selected: boolean; onOpen(): void }) {
  return (
    <li>
      <button type="button" className={selected ? 'public-list-card selected' : 'public-list-card'} onClick={onOpen} aria-current={selected ? 'true' : undefined}>
        {list.first_poster ? <img src={list.first_poster} alt="" width={40} height={60} /> : <span className="public-list-no-poster pi pi-list" />}
        <span className="public-list-text">
          <strong className="public-list-name">{list.name}</strong>
          <span>{list.owner_username}</span>
          <span>{localDate(list.created_at)}</span>
          <span>
            {list.item_count} {list.item_count === 1 ? 'movie' : 'movies'}
          </span>
        </span>
      </button>
    </li>
  );
}

/** Create, search and browse public lists, 8 per page; a 'My Watchlist' button. */
export function PublicListsCard({ lists, selectedId, signedIn, onCreated }: PublicListsCardProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState('');
  const [first, setFirst] = useState(0);
  const found = searchPublicLists(lists, query);
  const page = pageOf(found, first, PUBLIC_LISTS_PAGE_SIZE);

  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed || creating) return;
    setCreating(true);
    try {
      const reply = await createPublicWatchlist(trimmed);
      setName('');
      forgetPublicWatchlists();
      await onCreated();
      navigate(`/watchlist/${watchlistIdentifier(reply.watchlist.id, reply.watchlist.name)}`);
    } catch {
      // Swallowed (spec section 8).
    } finally {
      setCreating(false);
    }
  };

  return (
    <Card title="Public Watchlists" className="public-lists-card">
      {signedIn && (
        <form
          className="public-list-create"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <InputText value={name} onChange={(event) => setName(event.target.value)} placeholder="New public list name" aria-label="New public list name" />
          <Button type="submit" label="Create" size="small" disabled={creating} />
        </form>
      )}
      <InputText
        className="public-list-search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setFirst(0);
        }}
        placeholder="Search public watchlists..."
        aria-label="Search public watchlists..."
      />
      {page.length === 0 ? (
        <p className="public-lists-empty">No public lists found.</p>
      ) : (
        <ul className="public-lists">
          {page.map((list) => (
            <ListCard key={list.id} list={list} selected={list.id === selectedId} onOpen={() => navigate(`/watchlist/${watchlistIdentifier(list.id, list.name)}`)} />
          ))}
        </ul>
      )}
      {found.length > PUBLIC_LISTS_PAGE_SIZE && (
        <Paginator first={first} rows={PUBLIC_LISTS_PAGE_SIZE} totalRecords={found.length} onPageChange={(event) => setFirst(event.first)} template="PrevPageLink CurrentPageReport NextPageLink" />
      )}
      <Button type="button" label="My Watchlist" icon="pi pi-heart" className="my-watchlist-button" severity="secondary" onClick={() => navigate('/watchlist/mine')} />
    </Card>
  );
}
