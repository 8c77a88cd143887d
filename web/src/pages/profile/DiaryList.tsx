import { DIARY_PAGE_SIZE, type DiaryEntry } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { deleteViewing, diaryAtomUrl, fetchDiary, logViewing } from '../../api/viewings';
import { t } from '../../i18n';
import { diaryMonth, namesText } from '../../lib/viewingDates';
import { starsText } from './profileView';
import { withBase } from '../../lib/basePath';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

// The form arrives with the first Edit, as it does with the first 'Log viewing'.
const LogViewingDialog = lazy(() => import('../../components/viewings/LogViewingDialog'));

/** The group of films marked watched without a day (they come last). */
const UNDATED = 'undated';

/** Entries of one page grouped by month, newest first (the server's order); undated ones last. */
function byMonth(entries: DiaryEntry[]): { month: string; entries: DiaryEntry[] }[] {
  const groups: { month: string; entries: DiaryEntry[] }[] = [];
  for (const entry of entries) {
    const month = entry.watched_on?.slice(0, 7) ?? UNDATED;
    if (groups.at(-1)?.month !== month) groups.push({ month, entries: [] });
    groups.at(-1)!.entries.push(entry);
  }
  return groups;
}

/**
 * The Diary tab: every viewing by month, Letterboxd-style (day, poster, title, stars,
 * rewatch). Viewings others tagged this member in show as 'Watched with …'; on their
 * own profile the member adds one to their diary with a click, and edits or deletes their own.
 */
export function DiaryList({ username, isOwn }: { username: string; isOwn: boolean }) {
  const [page, setPage] = useState(0);
  const diary = useQuery({
    queryKey: queryKeys.diary(username, page),
    queryFn: ({ signal }) => fetchDiary(username, { limit: DIARY_PAGE_SIZE, offset: page * DIARY_PAGE_SIZE }, signal),
  });

  if (diary.isPending) return <p className="diary-status">{t('Loading diary...')}</p>;
  if (diary.isLoadingError) return <p className="diary-status" role="alert">
        {t('Failed to load the diary.')}
      </p>;
  const { viewings, total } = diary.data;
  if (total === 0) return <p className="diary-status">{t('No viewings logged yet.')}</p>;

  return (
    <div className="diary">
      <p className="diary-follow">
        <a href={diaryAtomUrl(username)} type="application/atom+xml">
          <i className="pi pi-wifi" aria-hidden="true" /> {t('Follow this diary in a feed reader')}
        </a>
      </p>
      {byMonth(viewings).map((group) => (
        <section key={group.month} className="diary-month" aria-labelledby={`diary-${group.month}`}>
          <h4 id={`diary-${group.month}`}>{group.month === UNDATED ? t('Watched, day unknown') : diaryMonth(`${group.month}-01`)}</h4>
          <ul className="diary-entries">
            {group.entries.map((entry) => (
              <DiaryRow key={`${entry.id}-${entry.tagged}`} entry={entry} isOwn={isOwn} owner={username} />
            ))}
          </ul>
        </section>
      ))}
      {total > DIARY_PAGE_SIZE && (
        <Paginator first={page * DIARY_PAGE_SIZE} rows={DIARY_PAGE_SIZE} totalRecords={total} onPageChange={(event) => setPage(event.page)} className="diary-paginator" />
      )}
    </div>
  );
}

/** What a change to the diary changes: every list of viewings, the profile's figures, the club's statistics. */
function useDiaryChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.viewings });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.insights });
  };
}

/** Edit and Delete for a viewing of the member's own. */
function OwnViewingActions({ entry }: { entry: DiaryEntry }) {
  const [editing, setEditing] = useState(false);
  const changed = useDiaryChanged();
  const actions = useRef<HTMLDivElement>(null);
  // The row goes with the viewing: the keyboard's focus goes to the next entry's title, else the previous one's, else the feed link.
  const nextFocus = useRef<HTMLElement | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteViewing(entry.id),
    onMutate: () => {
      const diary = actions.current?.closest('.diary');
      const rows = [...(diary?.querySelectorAll('.diary-entry') ?? [])];
      const at = rows.indexOf(actions.current?.closest('.diary-entry') as Element);
      const neighbour = (rows[at + 1] ?? rows[at - 1])?.querySelector<HTMLElement>('.diary-title');
      nextFocus.current = neighbour ?? diary?.querySelector<HTMLElement>('.diary-follow a') ?? null;
    },
    onSuccess: () => {
      changed();
      nextFocus.current?.focus();
    },
  });
  const title = entry.movie.year ? `${entry.movie.title} (${entry.movie.year})` : entry.movie.title;
  return (
    <>
      <div className="diary-actions" ref={actions}>
        <Button type="button" size="small" text icon="pi pi-pencil" label={t('Edit')} aria-label={t('Edit your viewing of {{title}}', { title })} onClick={() => setEditing(true)} />
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          icon="pi pi-trash"
          label={t('Delete')}
          aria-label={t('Delete your viewing of {{title}}', { title })}
          loading={remove.isPending}
          onClick={() => window.confirm(t('Delete this viewing of {{title}} from your diary?', { title })) && remove.mutate()}
        />
      </div>
      {remove.isError && (
        <p className="diary-error" role="alert">
          {errorText(remove.error, t('Could not delete the viewing. Please try again.'))}
        </p>
      )}
      {editing && (
        <Suspense fallback={null}>
          <LogViewingDialog movie={entry.movie} viewing={entry} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}

function DiaryRow({ entry, isOwn, owner }: { entry: DiaryEntry; isOwn: boolean; owner: string }) {
  const canAdd = isOwn && entry.tagged;
  const day = entry.watched_on ? Number(entry.watched_on.slice(8, 10)) : '–';
  // Who else watched, from this diary's point of view: the one who logged it (when tagged) and the other tagged members.
  const others = [...(entry.tagged ? [entry.user.username] : []), ...entry.with.map((member) => member.username).filter((name) => name.toLowerCase() !== owner.toLowerCase())];
  const add = useMutation({
    mutationFn: () => logViewing({ movie_id: entry.movie.id, watched_on: entry.watched_on ?? undefined, with: others, place: entry.place }),
    onSuccess: useDiaryChanged(),
  });
  return (
    <li className={entry.tagged ? 'diary-entry diary-entry-tagged' : 'diary-entry'}>
      <span className="diary-day">{day}</span>
      <Link to={`/movie/${entry.movie.id}`} className="diary-poster" tabIndex={-1} aria-hidden="true">
        {entry.movie.poster ? <img src={withBase(entry.movie.poster)} alt="" loading="lazy" width={40} height={60} /> : <span className="diary-no-poster" />}
      </Link>
      <div className="diary-body">
        <Link to={`/movie/${entry.movie.id}`} className="diary-title">
          {entry.movie.title}
          {entry.movie.year ? <span className="diary-year"> ({entry.movie.year})</span> : null}
        </Link>
        <div className="diary-details">
          {entry.stars !== null && <span className="diary-stars">{starsText(entry.stars)}</span>}
          {entry.rewatch && (
            <span className="viewing-rewatch" title={t('Rewatch')}>
              <i className="pi pi-replay" aria-hidden="true" /> {t('rewatch')}
            </span>
          )}
          {others.length > 0 && (
            <span className="diary-with">{entry.tagged ? t('Watched with {{names}}', { names: namesText(others) }) : t('with {{names}}', { names: namesText(others) })}</span>
          )}
          {entry.place && <span className="diary-place">{t('at {{place}}', { place: entry.place })}</span>}
        </div>
        {entry.note && !entry.tagged && <p className="diary-note">{entry.note}</p>}
        {add.isError && (
          <p className="diary-error" role="alert">
            {errorText(add.error, t('Could not add it to your diary. Please try again.'))}
          </p>
        )}
        {isOwn && !entry.tagged && <OwnViewingActions entry={entry} />}
      </div>
      {canAdd && (
        <FocusKeepingButton
          type="button"
          label={t('Add to my diary')}
          aria-label={t('Add to my diary: {{title}}', { title: entry.movie.year ? `${entry.movie.title} (${entry.movie.year})` : entry.movie.title })}
          icon="pi pi-plus"
          size="small"
          outlined
          busy={add.isPending}
          onClick={() => add.mutate()}
          className="diary-add"
        />
      )}
    </li>
  );
}
