import { type RefObject, useLayoutEffect, useRef } from 'react';
import { t } from '../i18n';
import { moveFocusAfter } from '../lib/focusAfter';

/** What a list read a page at a time tells this button (TanStack Query's infinite query). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
  data?: { pages: unknown[] };
}

/** Said where a list's next page could not be read: the pages shown stay, and the button tries again. */
export function NextPageFailed({ pages }: { pages: Pick<Pages, 'isFetchNextPageError'> }) {
  return pages.isFetchNextPageError ? <p className="next-page-failed" role="alert">{t('Could not load more. Please try again.')}</p> : null;
}

/**
 * Brings a list's next page, and then puts the focus on the first item it brought (its first link
 * or button): the button may be gone after the last page, and a keyboard reads on from there.
 * Not if the member moved on while it loaded.
 */
export function useNextPage(pages: Pages, list: RefObject<HTMLElement | null>): () => void {
  const firstNew = useRef<{ index: number; pressed: Element | null } | null>(null);
  const pageCount = pages.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const pending = firstNew.current;
    const items = list.current?.children;
    if (pending === null || !items || items.length <= pending.index) return;
    firstNew.current = null;
    const item = items[pending.index] as HTMLElement;
    const target = item.querySelector<HTMLElement>('a[href], button') ?? item;
    if (target === item) item.tabIndex = -1;
    moveFocusAfter(pending.pressed, target);
  }, [pageCount, list]);
  return () => {
    if (pages.isFetchingNextPage) return;
    const shown = list.current?.children.length;
    firstNew.current = shown === undefined ? null : { index: shown, pressed: document.activeElement };
    void pages.fetchNextPage();
  };
}

/** 'Older …' at the end of a list read a page at a time: brings the next page, and is gone after the last. */
export function OlderPagesButton({ pages, list, label, className }: { pages: Pages; list: RefObject<HTMLElement | null>; label: string; className: string }) {
  const next = useNextPage(pages, list);
  if (!pages.hasNextPage) return null;
  return (
    <>
      <NextPageFailed pages={pages} />
      {/* Not disabled while it loads: that would throw the keyboard's focus out of the list. */}
      <button type="button" className={`${className} link-button`} aria-busy={pages.isFetchingNextPage} onClick={next}>
        {pages.isFetchingNextPage ? t('Loading...') : label}
      </button>
    </>
  );
}
