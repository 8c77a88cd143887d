import { type WatchlistItem, watchlistIdentifier } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { fetchListSeenBy } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { removeFromWatchlist, saveOrder } from '../../api/watchlists';
import { t } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { DescriptionBox } from './DescriptionBox';
import { ItemList } from './ItemList';
import { ListSeenByContext } from './ItemSeenBy';
import { ListInfoCard } from './ListInfoCard';
import { MovieNightsCard } from './MovieNightsCard';
import { PickerCard } from './PickerCard';
import { PublicListsCard } from './PublicListsCard';
import { mergeVisibleOrder } from './rules';
import { targetFor, useWatchlistData } from './useWatchlistData';
import { useWatchlistSocket } from './useWatchlistSocket';
import './watchlist.css';

const ORDER_SAVE = ['watchlists', 'save-order'];

/** What a visitor sees in place of the personal list; the public lists stay beside it. */
function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="item-list-empty sign-in-prompt">
      <h2>{t('My Watchlist')}</h2>
      <p>
        <Link to="/login" state={{ from: location }}>
          {t('Login')}
        </Link>{' '}
        {t('or')} <Link to="/register">{t('Register')}</Link> {t('to keep a watchlist of your own.')}
      </p>
      <p>{t('Public watchlists are open to everyone: choose one under Public Watchlists.')}</p>
    </div>
  );
}

/**
 * /watchlist (the personal list when signed in), /watchlist/mine and
 * /watchlist/{id}-{slug}: the selected list with its description, items and
 * picker beside the public lists.
 */
export function WatchlistPage() {
  const { identifier } = useParams();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pickerShown, setPickerShown] = useState(false);
  const showPicker = useCallback(() => setPickerShown(true), []);
  const target = targetFor(identifier, user);
  const data = useWatchlistData(target, user);
  const { list, setList } = data;
  const permissions = list?.permissions;
  // Who in the club has seen each movie: refreshed with the list's items, not with their order.
  const itemKey = list?.items.map((item) => item.id).sort((a, b) => a - b).join(',') ?? '';
  const seenBy = useQuery({
    queryKey: [...queryKeys.listSeenBy(list?.id ?? 0), itemKey],
    queryFn: ({ signal }) => fetchListSeenBy(list!.id, signal),
    enabled: Boolean(list),
  });

  // Order saves run one after another (one mutation scope). While any is pending, the page's
  // own change echoes (and loads begun before the move) would put an older order back on
  // screen: reloads wait until the last save is answered.
  const reloadWhenSaved = useRef(false);
  const savingOrder = () => queryClient.isMutating({ mutationKey: ORDER_SAVE }) > 0;
  const reloadAfterChange = () => {
    if (savingOrder()) reloadWhenSaved.current = true;
    else void data.reloadList();
  };
  const saveOrderMutation = useMutation({
    mutationKey: ORDER_SAVE,
    scope: { id: 'watchlist-order' },
    mutationFn: ({ listId, order }: { listId: number; order: number[] }) => saveOrder(listId, order),
    onSettled: (_reply, error) => {
      // This save still counts as running here: it is the last when one remains.
      const last = queryClient.isMutating({ mutationKey: ORDER_SAVE }) <= 1;
      if (error) {
        // A 409 'List changed; reload.' when someone added or removed a movie meanwhile: reload everything.
        reloadWhenSaved.current = false;
        void data.reloadAll();
      } else if (last && reloadWhenSaved.current) {
        reloadWhenSaved.current = false;
        void data.reloadList();
      }
    },
  });
  const removeMutation = useMutation({
    mutationFn: ({ listId, movieId }: { listId: number; movieId: number }) => removeFromWatchlist(listId, movieId),
    // Public lists show item counts; the personal list's change is already in the cache the hearts read.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.publicLists }),
    // If removal fails, all lists are reloaded (spec section 4).
    onError: () => void data.reloadAll(),
  });

  const realtimeProblem = useWatchlistSocket(list?.id ?? null, {
    onPick: data.applyPick,
    // Its movie nights are read apart from the list: RSVPs and picks leave the list as it is.
    onChanged: (event) => {
      if (event.what === 'screenings') return void queryClient.invalidateQueries({ queryKey: queryKeys.screenings });
      reloadAfterChange();
      // The public lists beside it count their movies: another member's addition or removal changes the count.
      if (event.what === 'items') void queryClient.invalidateQueries({ queryKey: queryKeys.publicLists });
    },
  });

  // The slug rule: an address with an outdated or missing slug is corrected in place.
  // Only for the list the address names: right after a switch the previous list is
  // still shown, and correcting towards it would undo the switch.
  const targetId = target.kind === 'id' ? target.id : null;
  useEffect(() => {
    if (!list || targetId !== list.id || list.is_personal) return;
    const canonical = watchlistIdentifier(list.id, list.name);
    if (identifier !== canonical) navigate(`/watchlist/${canonical}`, { replace: true });
  }, [list, targetId, identifier, navigate]);

  if (identifier === 'mine' && user === null) return <Navigate to="/login" replace state={{ from: location }} />;

  // A visitor on /watchlist has no personal list: invite them to sign in for one.
  const visitorOnOwnList = user === null && !identifier;
  // While the session or the list is still loading, say nothing rather than 'no movies'.
  const waiting = !list && (user === undefined || data.loading);
  const items = list?.items ?? [];
  // A public list, even one's own: 'You have no movies in your watchlist' would speak of the personal one.
  const publicList = !!list && !list.is_personal;
  const hasUnreviewed = items.some((item) => !data.ownerData.seen[item.id]);

  const reorder = (visibleOrder: WatchlistItem[]) => {
    if (!list) return;
    const order = mergeVisibleOrder(
      list.items.map((item) => item.id),
      visibleOrder.map((item) => item.id),
    );
    const byId = new Map(list.items.map((item) => [item.id, item]));
    // Optimistic: show the new order at once, and forget loads that would put the old one back.
    void data.dropPendingLoads();
    setList((previous) => ({ ...previous, items: order.map((id, position) => ({ ...byId.get(id)!, position })) }));
    saveOrderMutation.mutate({ listId: list.id, order });
  };

  const remove = (movieId: number) => {
    if (!list) return;
    // Optimistic, as a reorder: loads begun before the removal would bring the row back for a moment.
    void data.dropPendingLoads();
    setList((previous) => ({ ...previous, items: previous.items.filter((item) => item.id !== movieId), item_count: previous.item_count - 1 }));
    removeMutation.mutate({ listId: list.id, movieId });
  };

  return (
    <div className="watchlist-page">
      <div className={list ? 'watchlist-main' : 'watchlist-main no-list'}>
        {data.error && <Message severity="error" text={data.error} className="watchlist-error" />}
        {list && (
          <ListInfoCard
            list={list}
            onModeratorsChange={(moderators, detail) => setList((previous) => ({ ...previous, moderators, moderators_detail: detail }))}
          />
        )}
        <div className="watchlist-center">
          {list && (
            <DescriptionBox
              key={list.id}
              listId={list.id}
              description={list.description}
              canEdit={Boolean(permissions?.edit)}
              onSaved={(description) => setList((previous) => ({ ...previous, description }))}
            />
          )}
          <ListSeenByContext.Provider value={seenBy.data ?? null}>
          <ItemList
            items={items}
            hasList={Boolean(list)}
            emptyContent={visitorOnOwnList ? <SignInPrompt /> : waiting ? null : publicList ? <p className="item-list-empty">{t('This list has no movies yet.')}</p> : undefined}
            canEdit={Boolean(permissions?.edit)}
            signedIn={Boolean(user)}
            ownerData={data.ownerData}
            onReorder={reorder}
            onRemove={remove}
          />
          </ListSeenByContext.Provider>
        </div>
      </div>
      <aside className="watchlist-side">
        <PublicListsCard selectedId={list?.id ?? null} signedIn={Boolean(user)} onSettled={showPicker} />
        {/* Hidden (keeping its place) until the lists above have arrived and pushed it down. */}
        <div className={pickerShown ? undefined : 'waiting-for-lists'}>
        <PickerCard
          listId={list?.id ?? null}
          canPick={Boolean(permissions?.pick)}
          hasUnreviewed={hasUnreviewed}
          pickedMovie={list?.picked_movie ?? null}
          pickedAt={list?.picked_at ?? null}
          realtimeProblem={realtimeProblem}
          onPicked={(movie, at) => list && data.applyPick({ watchlist_id: list.id, picked_movie: movie, picked_at: at })}
          onListChanged={() => void data.reloadList()}
        />
        </div>
        {list && !list.is_personal && (
          <MovieNightsCard list={list} canSchedule={Boolean(permissions?.edit)} signedIn={Boolean(user)} />
        )}
      </aside>
    </div>
  );
}
