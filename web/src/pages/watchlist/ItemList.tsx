import type { WatchlistItem } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { InputSwitch, type InputSwitchPassThroughOptions } from 'primereact/inputswitch';
import { OrderList, type OrderListPassThroughOptions } from 'primereact/orderlist';
import { type KeyboardEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { RatingLetter } from '../../components/RatingLetter';
import type { OwnerData } from './useWatchlistData';
import { visibleItems } from './rules';

interface ItemListProps {
  items: WatchlistItem[];
  hasList: boolean;
  canEdit: boolean;
  signedIn: boolean;
  ownerData: OwnerData;
  onReorder(visibleOrder: WatchlistItem[]): void;
  onRemove(movieId: number): void;
}

/**
 * OrderList's listbox/option roles forbid the links and buttons our rows hold
 * (an option's content is read as plain text), and its drop points are bare
 * <li>s in that listbox. A tree of treeitems keeps the same keyboard model
 * (arrows to move, Enter/Space to select, then the Move buttons) and allows
 * interactive content; drop points are only drag targets.
 */
const ORDER_LIST_PT: OrderListPassThroughOptions = {
  list: { role: 'tree' },
  item: { role: 'treeitem' },
  droppoint: { role: 'none' },
};

/** OrderList's list handles Enter and Space itself (to select) and cancels them: let a row's link and button have them. */
function keepKeysForControls(event: KeyboardEvent) {
  const target = event.target as HTMLElement;
  if (target.closest('a, button')) event.stopPropagation();
}

/** InputSwitch wraps its own role="switch" checkbox in a div with role="checkbox": one control, so the wrapper loses its role. */
const SWITCH_PT: InputSwitchPassThroughOptions = { root: { role: undefined, 'aria-checked': undefined } };

function ItemRow({ item, index, grade, canEdit, onRemove }: { item: WatchlistItem; index: number; grade: number | undefined; canEdit: boolean; onRemove(id: number): void }) {
  return (
    <div className="watchlist-item" data-movie-id={item.id} onKeyDown={keepKeysForControls}>
      <span className="item-grade">{grade ? <RatingLetter grade={grade} size={32} /> : null}</span>
      <span className="item-position">{index + 1}</span>
      {item.poster ? <img className="item-poster" src={item.poster} alt="" width={46} height={69} /> : <span className="item-poster item-no-poster" />}
      <div className="item-text">
        <Link to={`/movie/${item.id}`} className="item-title" draggable={false} onClick={(event) => event.stopPropagation()}>
          {item.title}
        </Link>
        <span className="item-meta">
          IMDb {item.imdb_rating ?? 'N/A'} · {item.length ? `${item.length} min` : 'N/A'}
        </span>
      </div>
      {canEdit && (
        <Button
          type="button"
          label="Remove"
          size="small"
          severity="danger"
          text
          onClick={(event) => {
            event.stopPropagation();
            onRemove(item.id);
          }}
        />
      )}
    </div>
  );
}

/** The drag-to-reorder list with its 'Hide seen' and 'Hide owner seen' toggles. */
export function ItemList({ items, hasList, canEdit, signedIn, ownerData, onReorder, onRemove }: ItemListProps) {
  const [hideSeen, setHideSeen] = useState(false);
  const [hideOwnerSeen, setHideOwnerSeen] = useState(false);
  const shown = visibleItems(items, { hideSeen: hideSeen && signedIn, seen: ownerData.seen, hideOwnerSeen: hideOwnerSeen && hasList, ownerSeen: ownerData.ownerSeen });
  const toggles = (
    <div className="item-toggles">
      <label className="toggle">
        <InputSwitch checked={hideSeen && signedIn} disabled={!signedIn} onChange={(event) => setHideSeen(Boolean(event.value))} pt={SWITCH_PT} />
        <span>Hide seen</span>
      </label>
      <label className="toggle">
        <InputSwitch checked={hideOwnerSeen && hasList} disabled={!hasList} onChange={(event) => setHideOwnerSeen(Boolean(event.value))} pt={SWITCH_PT} />
        <span>Hide owner seen</span>
      </label>
    </div>
  );
  if (!hasList || items.length === 0) {
    return (
      <section className="item-list">
        {toggles}
        <p className="item-list-empty">You have no movies in your watchlist.</p>
      </section>
    );
  }
  return (
    <section className="item-list">
      {toggles}
      <OrderList
        className={canEdit ? 'watchlist-orderlist' : 'watchlist-orderlist read-only'}
        value={shown}
        dataKey="id"
        dragdrop={canEdit}
        ariaLabel="Movies in this list"
        // With drop points among the rows, OrderList's own first-focus pick lands on the
        // second row; without it, the first Arrow Down starts at the first row.
        autoOptionFocus={false}
        pt={ORDER_LIST_PT}
        onChange={(event) => {
          if (canEdit) onReorder(event.value as WatchlistItem[]);
        }}
        itemTemplate={(item: WatchlistItem) => (
          <ItemRow item={item} index={items.indexOf(item)} grade={ownerData.ownerRatings[item.id]} canEdit={canEdit} onRemove={onRemove} />
        )}
        listStyle={{ minHeight: '1200px' }}
      />
    </section>
  );
}
