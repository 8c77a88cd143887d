import { t } from '../i18n';

/** What a list read a page at a time tells this button (TanStack Query's infinite query). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
}

/** Said where a list's next page could not be read: the pages shown stay, and the button tries again. */
export function NextPageFailed({ pages }: { pages: Pick<Pages, 'isFetchNextPageError'> }) {
  return pages.isFetchNextPageError ? <p className="next-page-failed" role="alert">{t('Could not load more. Please try again.')}</p> : null;
}

/** 'Older …' at the end of a list read a page at a time: brings the next page, and is gone after the last. */
export function OlderPagesButton({ pages, label, className }: { pages: Pages; label: string; className: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <>
      <NextPageFailed pages={pages} />
      <button type="button" className={`${className} link-button`} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {pages.isFetchingNextPage ? t('Loading...') : label}
      </button>
    </>
  );
}
