import { type WatchlistItem, watchlistIdentifier } from '@movieclub/contract';
import { Message } from 'primereact/message';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { removeFromWatchlist, saveOrder } from '../../api/watchlists';
import { useSession } from '../../session/SessionProvider';
import { DescriptionBox } from './DescriptionBox';
import { ItemList } from './ItemList';
import { ListInfoCard } from './ListInfoCard';
import { forgetMembership } from './membership';
import { PickerCard } from './PickerCard';
import { PublicListsCard } from './PublicListsCard';
import { isEditor, isOwner, mergeVisibleOrder } from './rules';
import { targetFor, useWatchlistData } from './useWatchlistData';
import { useWatchlistSocket } from './useWatchlistSocket';
import './watchlist.css';

/** What a visitor sees in place of the personal list; the public lists stay beside it. */
function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="item-list-empty sign-in-prompt">
      <h2>My Watchlist</h2>
      <p>
        <Link to="/login" state={{ from: location }}>
          Login
        </Link>{' '}
        or <Link to="/register">Register</Link> to keep a watchlist of your own.
      </p>
      <p>Public watchlists are open to everyone: choose one under Public Watchlists.</p>
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
  const target = targetFor(identifier, user);
  const data = useWatchlistData(target, user);
  const { list, setList } = data;
  const username = user?.username ?? null;
  const canEdit = isEditor(list, username);
  const viewerIsOwner = isOwner(list, username);

  // Order saves run one after another. While any is pending, the page's own change echoes
  // (and loads begun before the move) would put an older order back on screen: reloads wait
  // until the last save is answered.
  const orderSaves = useRef<Promise<void>>(Promise.resolve());
  const pendingSaves = useRef(0);
  const reloadWhenSaved = useRef(false);
  const reloadAfterChange = () => {
    if (pendingSaves.current > 0) reloadWhenSaved.current = true;
    else void data.reloadList();
  };

  const realtimeProblem = useWatchlistSocket(list?.id ?? null, {
    onPick: data.applyPick,
    onChanged: reloadAfterChange,
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
  const hasUnreviewed = items.some((item) => !data.ownerData.seen[item.id]);

  const reorder = (visibleOrder: WatchlistItem[]) => {
    if (!list) return;
    const order = mergeVisibleOrder(
      list.items.map((item) => item.id),
      visibleOrder.map((item) => item.id),
    );
    const byId = new Map(list.items.map((item) => [item.id, item]));
    // Optimistic: show the new order at once; on failure (a 409 'List changed; reload.' when
    // someone added or removed a movie meanwhile) reload everything. Saves go one after
    // another, so quick successive moves reach the server in the order they were made.
    setList({ ...list, items: order.map((id, position) => ({ ...byId.get(id)!, position })) });
    const listId = list.id;
    data.dropPendingLoads();
    pendingSaves.current += 1;
    orderSaves.current = orderSaves.current.then(() =>
      saveOrder(listId, order).then(
        () => {
          pendingSaves.current -= 1;
          if (pendingSaves.current === 0 && reloadWhenSaved.current) {
            reloadWhenSaved.current = false;
            void data.reloadList();
          }
        },
        () => {
          pendingSaves.current -= 1;
          reloadWhenSaved.current = false;
          void data.reloadAll();
        },
      ),
    );
  };

  const remove = (movieId: number) => {
    if (!list) return;
    setList({ ...list, items: list.items.filter((item) => item.id !== movieId), item_count: list.item_count - 1 });
    removeFromWatchlist(list.id, movieId)
      .then(() => list.is_personal && forgetMembership())
      .catch(() => void data.reloadAll());
  };

  return (
    <div className="watchlist-page">
      <div className={list ? 'watchlist-main' : 'watchlist-main no-list'}>
        {data.error && <Message severity="error" text={data.error} className="watchlist-error" />}
        {list && (
          <ListInfoCard
            list={list}
            viewerIsOwner={viewerIsOwner}
            onModeratorsChange={(moderators, detail) => setList({ ...list, moderators, moderators_detail: detail })}
          />
        )}
        <div className="watchlist-center">
          {list && (
            <DescriptionBox
              key={list.id}
              listId={list.id}
              description={list.description}
              canEdit={canEdit}
              onSaved={(description) => setList({ ...list, description })}
            />
          )}
          <ItemList
            items={items}
            hasList={Boolean(list)}
            emptyContent={visitorOnOwnList ? <SignInPrompt /> : waiting ? null : undefined}
            canEdit={canEdit}
            signedIn={Boolean(user)}
            ownerData={data.ownerData}
            onReorder={reorder}
            onRemove={remove}
          />
        </div>
      </div>
      <aside className="watchlist-side">
        <PublicListsCard lists={data.publicLists} selectedId={list?.id ?? null} signedIn={Boolean(user)} onCreated={data.loadPublicLists} />
        <PickerCard
          listId={list?.id ?? null}
          canEdit={canEdit}
          hasUnreviewed={hasUnreviewed}
          pickedMovie={list?.picked_movie ?? null}
          pickedAt={list?.picked_at ?? null}
          realtimeProblem={realtimeProblem}
          onPicked={(movie, at) => data.applyPick({ watchlist_id: list!.id, picked_movie: movie, picked_at: at })}
        />
      </aside>
    </div>
  );
}
