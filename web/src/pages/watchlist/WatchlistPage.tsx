import { type WatchlistItem, watchlistIdentifier } from '@movieclub/contract';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
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

  const realtimeProblem = useWatchlistSocket(list?.id ?? null, {
    onPick: data.applyPick,
    onChanged: () => void data.reloadList(),
  });

  // The slug rule: an address with an outdated or missing slug is corrected in place.
  useEffect(() => {
    if (!list || target.kind !== 'id' || list.is_personal) return;
    const canonical = watchlistIdentifier(list.id, list.name);
    if (identifier !== canonical) navigate(`/watchlist/${canonical}`, { replace: true });
  }, [list, target.kind, identifier, navigate]);

  if (identifier === 'mine' && user === null) return <Navigate to="/login" replace state={{ from: location }} />;

  const items = list?.items ?? [];
  const hasUnreviewed = items.some((item) => !data.ownerData.seen[item.id]);

  const reorder = (visibleOrder: WatchlistItem[]) => {
    if (!list) return;
    const order = mergeVisibleOrder(
      list.items.map((item) => item.id),
      visibleOrder.map((item) => item.id),
    );
    const byId = new Map(list.items.map((item) => [item.id, item]));
    // Optimistic: show the new order at once; on failure reload everything.
    setList({ ...list, items: order.map((id, position) => ({ ...byId.get(id)!, position })) });
    saveOrder(list.id, order).catch(() => void data.reloadAll());
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
      <div className="watchlist-main">
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
