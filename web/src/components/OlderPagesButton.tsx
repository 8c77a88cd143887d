import { t } from '../i18n';

/** What a list read a page at a time tells this button (TanStack Query's infinite query). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/** 'Older …' at the end of a list read a page at a time: brings the next page, and is gone after the last. */
export function OlderPagesButton({ pages, label, className }: { pages: Pages; label: string; className: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <button type="button" className={`${className} link-button`} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      {pages.isFetchingNextPage ? t('Loading...') : label}
    </button>
  );
}
