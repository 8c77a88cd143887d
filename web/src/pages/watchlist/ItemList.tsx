import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, type SortingStrategy, useSortable } from '@dnd-kit/sortable';
import type { WatchlistItem } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { SWITCH_PT } from '../../components/a11y';
import { memo, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { RatingLetter } from '../../components/RatingLetter';
import { ItemSeenBy } from './ItemSeenBy';
import type { OwnerData } from './useWatchlistData';
import { visibleItems } from './rules';
import { withBase } from '../../lib/basePath';
import { useFocusAfterRemoval } from '../../lib/useFocusAfterRemoval';
import { formatOneDecimal, t } from '../../i18n';

interface ItemListProps {
  items: WatchlistItem[];
  hasList: boolean;
  canEdit: boolean;
  signedIn: boolean;
  ownerData: OwnerData;
  /** Shown in place of the empty-list text (a visitor's invitation to sign in; null while loading). */
  emptyContent?: ReactNode;
  onReorder(visibleOrder: WatchlistItem[]): void;
  onRemove(movieId: number): void;
}


/** Rows stay where they are while dragging; the insertion marker shows where the row will land. */
const keepRowsInPlace: SortingStrategy = () => null;

/** The row under the pointer takes the drop (its whole height); the keyboard-free fallback is the nearest row. */
const rowUnderPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

type Marker = 'before' | 'after' | null;

interface RowContentProps {
  item: WatchlistItem;
  position: number;
  grade: number | undefined;
  /** The dragged copy under the pointer shows the title as text: nothing in it may take focus. */
  preview?: boolean;
}

function RowContent({ item, position, grade, preview = false }: RowContentProps) {
  return (
    <>
      <span className="item-grade">{grade ? <RatingLetter grade={grade} size={32} /> : null}</span>
      <span className="item-position">{position}</span>
      {item.poster ? (
        <img className="item-poster" src={withBase(item.poster)} alt="" width={46} height={69} draggable={false} />
      ) : (
        <span className="item-poster item-no-poster" />
      )}
      <div className="item-text">
        {preview ? (
          <span className="item-title">{item.title}</span>
        ) : (
          <Link to={`/movie/${item.id}`} className="item-title" draggable={false}>
            {item.title}
          </Link>
        )}
        <span className="item-meta">
          IMDb {item.imdb_rating != null ? formatOneDecimal(item.imdb_rating) : t('N/A')} · {item.length ? t('{{minutes}} min', { minutes: item.length }) : t('N/A')}
        </span>
        {!preview && <ItemSeenBy movieId={item.id} />}
      </div>
    </>
  );
}

interface EditableRowProps extends RowContentProps {
  first: boolean;
  last: boolean;
  onMove(id: number, step: -1 | 1): void;
  onRemove(id: number): void;
}

/** An editor's row: draggable as a whole (mouse, or touch after a short press), Move up/down buttons for keyboards. */
function EditableRow(props: EditableRowProps) {
  const { setNodeRef, listeners, isDragging, isOver, activeIndex, index } = useSortable({ id: props.item.id });
  const marker: Marker = isOver && activeIndex >= 0 && activeIndex !== index ? (activeIndex < index ? 'after' : 'before') : null;
  const className = ['watchlist-item', 'editable', isDragging && 'dragging', marker && `drop-${marker}`].filter(Boolean).join(' ');
  return (
    // Only the pointer listeners: the row itself is no control, its link and buttons keep their keys.
    <li ref={setNodeRef} className={className} data-movie-id={props.item.id} {...listeners}>
      <EditableRowBody {...props} />
    </li>
  );
}

/** Every prop the same, the item's fields compared one by one (a saved order makes new item objects). */
function sameRow(before: EditableRowProps, after: EditableRowProps): boolean {
  const { item: itemBefore, ...restBefore } = before;
  const { item: itemAfter, ...restAfter } = after;
  const same = <T extends object>(a: T, b: T) => (Object.keys(a) as (keyof T)[]).every((key) => a[key] === b[key]);
  return same(restBefore, restAfter) && (itemBefore === itemAfter || same(itemBefore, itemAfter));
}

/**
 * A row's content and buttons, drawn again only when they change: a move in a list of hundreds
 * redraws the rows it moved, not every row's buttons (each row's drag state still updates).
 */
const EditableRowBody = memo(function EditableRowBody({ item, position, grade, first, last, onMove, onRemove }: EditableRowProps) {
  return (
    <>
      <span className="item-grip pi pi-bars" aria-hidden="true" />
      <RowContent item={item} position={position} grade={grade} />
      <span className="item-moves">
        <Button
          type="button"
          icon="pi pi-chevron-up"
          text
          size="small"
          className="item-move"
          aria-label={t('Move {{title}} up', { title: item.title })}
          data-move={`${item.id}:up`}
          disabled={first}
          onClick={() => onMove(item.id, -1)}
        />
        <Button
          type="button"
          icon="pi pi-chevron-down"
          text
          size="small"
          className="item-move"
          aria-label={t('Move {{title}} down', { title: item.title })}
          data-move={`${item.id}:down`}
          disabled={last}
          onClick={() => onMove(item.id, 1)}
        />
      </span>
      <Button
        type="button"
        label={t('Remove')}
        aria-label={t('Remove {{title}}', { title: item.title })}
        size="small"
        severity="danger"
        text
        className="item-remove"
        data-remove={item.id}
        onClick={() => onRemove(item.id)}
      />
    </>
  );
}, sameRow);

/** The drag-to-reorder list with its 'Hide seen' and 'Hide owner seen' toggles. */
export function ItemList({ items, hasList, canEdit, signedIn, ownerData, emptyContent, onReorder, onRemove }: ItemListProps) {
  const [hideSeen, setHideSeen] = useState(false);
  const [hideOwnerSeen, setHideOwnerSeen] = useState(false);
  const [dragged, setDragged] = useState<UniqueIdentifier | null>(null);
  const refocus = useRef<{ id: number; step: -1 | 1 } | null>(null);
  const listSection = useRef<HTMLElement>(null);
  // Mouse drags start after 6 px, so clicks on the title and buttons stay clicks; touch needs a
  // short press, so a finger can still scroll the page over the rows.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const shown = visibleItems(items, { hideSeen: hideSeen && signedIn, seen: ownerData.seen, hideOwnerSeen: hideOwnerSeen && hasList, ownerSeen: ownerData.ownerSeen });
  const positionOf = (item: WatchlistItem) => items.indexOf(item) + 1;
  const titleOf = (id: UniqueIdentifier) => shown.find((item) => item.id === id)?.title ?? t('the movie');

  // A moved row may be re-inserted by React, which drops focus: put it back on the same button
  // (or on the other one when the row reached an end).
  useLayoutEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    const button = (direction: string) => document.querySelector<HTMLButtonElement>(`[data-move="${pending.id}:${direction}"]`);
    const same = button(pending.step < 0 ? 'up' : 'down');
    (same && !same.disabled ? same : button(pending.step < 0 ? 'down' : 'up'))?.focus();
  }, [items]);

  const removal = useFocusAfterRemoval(
    items.map((item) => item.id),
    () => listSection.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [],
    () => listSection.current,
  );
  const remove = (id: number) => {
    removal.removing(id, shown.findIndex((item) => item.id === id));
    onRemove(id);
  };

  // The Move buttons keep the focus where it was, so the new place is said aloud (a drag says its own).
  const [moveSaid, setMoveSaid] = useState('');
  const move = (id: number, step: -1 | 1) => {
    const from = shown.findIndex((item) => item.id === id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= shown.length) return;
    refocus.current = { id, step };
    setMoveSaid(t('{{title}} moved to position {{position}} of {{count}}.', { title: shown[from].title, position: to + 1, count: shown.length }));
    onReorder(arrayMove(shown, from, to));
  };

  // The rows' buttons call the latest move and remove through these, which stay the same function.
  const actions = useRef({ move, remove });
  actions.current = { move, remove };
  const stableMove = useCallback((id: number, step: -1 | 1) => actions.current.move(id, step), []);
  const stableRemove = useCallback((id: number) => actions.current.remove(id), []);

  const drop = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (!over || active.id === over.id) return;
    const from = shown.findIndex((item) => item.id === active.id);
    const to = shown.findIndex((item) => item.id === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove(shown, from, to));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('Picked up {{title}}.', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('{{title}} is over position {{position}}.', { title: titleOf(active.id), position: shown.findIndex((item) => item.id === over.id) + 1 })
        : t('{{title}} is no longer over a row.', { title: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('{{title}} was dropped at position {{position}}.', { title: titleOf(active.id), position: shown.findIndex((item) => item.id === over.id) + 1 })
        : t('{{title}} was dropped.', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('Moving {{title}} was cancelled.', { title: titleOf(active.id) }),
  };

  const toggles = (
    <div className="item-toggles">
      <label className="toggle">
        <InputSwitch checked={hideSeen && signedIn} disabled={!signedIn} onChange={(event) => setHideSeen(Boolean(event.value))} pt={SWITCH_PT} />
        <span>{t('Hide seen')}</span>
      </label>
      <label className="toggle">
        <InputSwitch checked={hideOwnerSeen && hasList} disabled={!hasList} onChange={(event) => setHideOwnerSeen(Boolean(event.value))} pt={SWITCH_PT} />
        <span>{t('Hide owner seen')}</span>
      </label>
    </div>
  );
  if (!hasList || items.length === 0) {
    return (
      <section className="item-list" ref={listSection} tabIndex={-1} aria-label={t('Movies in this list')}>
        {toggles}
        {emptyContent === undefined ? <p className="item-list-empty">{t('You have no movies in your watchlist.')}</p> : emptyContent}
      </section>
    );
  }
  if (!canEdit) {
    return (
      <section className="item-list">
        {toggles}
        <ol className="item-rows" aria-label={t('Movies in this list')}>
          {shown.map((item) => (
            <li key={item.id} className="watchlist-item" data-movie-id={item.id}>
              <RowContent item={item} position={positionOf(item)} grade={ownerData.ownerRatings[item.id]} />
            </li>
          ))}
        </ol>
      </section>
    );
  }
  const draggedItem = shown.find((item) => item.id === dragged);
  return (
    // Focusable in both forms: the list keeps the focus it was given if a late load brings rows back.
    <section className="item-list" ref={listSection} tabIndex={-1}>
      {toggles}
      <DndContext
        sensors={sensors}
        collisionDetection={rowUnderPointer}
        accessibility={{ announcements }}
        onDragStart={({ active }: DragStartEvent) => setDragged(active.id)}
        onDragEnd={drop}
        onDragCancel={() => setDragged(null)}
      >
        <SortableContext items={shown.map((item) => item.id)} strategy={keepRowsInPlace}>
          <ol className="item-rows editable" aria-label={t('Movies in this list')}>
            {shown.map((item, index) => (
              <EditableRow
                key={item.id}
                item={item}
                position={positionOf(item)}
                grade={ownerData.ownerRatings[item.id]}
                first={index === 0}
                last={index === shown.length - 1}
                onMove={stableMove}
                onRemove={stableRemove}
              />
            ))}
          </ol>
        </SortableContext>
        <DragOverlay dropAnimation={null}>
          {draggedItem ? (
            <div className="watchlist-item drag-preview" aria-hidden="true">
              <span className="item-grip pi pi-bars" />
              <RowContent item={draggedItem} position={positionOf(draggedItem)} grade={ownerData.ownerRatings[draggedItem.id]} preview />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <p className="visually-hidden" role="status">
        {moveSaid}
      </p>
    </section>
  );
}
