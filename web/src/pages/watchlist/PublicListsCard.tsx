import { LIST_NAME_MAX, PUBLIC_LISTS_PAGE_SIZE, type PublicWatchlistSummary, watchlistIdentifier } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { createPublicWatchlist, fetchPublicWatchlistsPage } from '../../api/watchlists';
import { localDate } from './rules';
import { withBase } from '../../lib/basePath';
import { t } from '../../i18n';

interface PublicListsCardProps {
  selectedId: number | null;
  signedIn: boolean;
  /** Called once the first page has arrived (or failed): what sits below may show from then on. */
  onSettled?(): void;
}

function ListCard({ list, selected, onOpen }: { list: PublicWatchlistSummary; selected: boolean; onOpen(): void }) {
  return (
    <li>
      <button type="button" className={selected ? 'public-list-card selected' : 'public-list-card'} onClick={onOpen} aria-current={selected ? 'true' : undefined}>
        {list.first_poster ? <img src={withBase(list.first_poster)} alt="" width={40} height={60} /> : <span className="public-list-no-poster pi pi-list" />}
        <span className="public-list-text">
          <strong className="public-list-name">{list.name}</strong>
          <span>{list.owner_username}</span>
          <span>{localDate(list.created_at)}</span>
          <span>{list.item_count === 1 ? t('{{n}} movie', { n: list.item_count }) : t('{{n}} movies', { n: list.item_count })}</span>
        </span>
      </button>
    </li>
  );
}

/** Create, search and browse public lists, 8 per page; a 'My Watchlist' button. */
export function PublicListsCard({ selectedId, signedIn, onSettled }: PublicListsCardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [first, setFirst] = useState(0);
  const text = query.trim();
  // The server searches and pages; the page on screen stays while the next one loads.
  const found = useQuery({
    queryKey: queryKeys.publicListsPage(text, first),
    queryFn: ({ signal }) => fetchPublicWatchlistsPage(text, first, PUBLIC_LISTS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const page: PublicWatchlistSummary[] = found.data?.watchlists ?? [];
  const settled = !found.isPending;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const total = found.data?.total ?? 0;
  const create = useMutation({
    mutationFn: createPublicWatchlist,
    onSuccess: (reply) => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicLists });
      navigate(`/watchlist/${watchlistIdentifier(reply.watchlist.id, reply.watchlist.name)}`);
    },
    // Swallowed (spec section 8).
    onError: () => undefined,
  });
  const submit = () => {
    const trimmed = name.trim();
    if (trimmed && !create.isPending) create.mutate(trimmed);
  };

  return (
    <Card title={t('Public Watchlists')} className="public-lists-card">
      {signedIn && (
        <form
          className="public-list-create"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <InputText value={name} onChange={(event) => setName(event.target.value)} placeholder={t('New public list name')} aria-label={t('New public list name')} maxLength={LIST_NAME_MAX} />
          <Button type="submit" label={t('Create')} size="small" disabled={create.isPending} />
        </form>
      )}
      <InputText
        className="public-list-search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setFirst(0);
        }}
        placeholder={t('Search public watchlists...')}
        aria-label={t('Search public watchlists...')}
      />
      {page.length === 0 && !found.isPending ? (
        <p className="public-lists-empty">{t('No public lists found.')}</p>
      ) : (
        <ul className="public-lists">
          {page.map((list) => (
            <ListCard key={list.id} list={list} selected={list.id === selectedId} onOpen={() => navigate(`/watchlist/${watchlistIdentifier(list.id, list.name)}`)} />
          ))}
        </ul>
      )}
      {total > PUBLIC_LISTS_PAGE_SIZE && (
        <Paginator
          first={first}
          rows={PUBLIC_LISTS_PAGE_SIZE}
          totalRecords={total}
          onPageChange={(event) => setFirst(event.first)}
          template="PrevPageLink CurrentPageReport NextPageLink"
          currentPageReportTemplate={t('({currentPage} of {totalPages})')}
        />
      )}
      {/* Shown with the first page: below the list, it would otherwise jump down when the page arrives. */}
      <Button
        type="button"
        label={t('My Watchlist')}
        icon="pi pi-heart"
        className={settled ? 'my-watchlist-button' : 'my-watchlist-button waiting-for-lists'}
        severity="secondary"
        onClick={() => navigate('/watchlist/mine')}
      />
    </Card>
  );
}
