import type { Page } from 'playwright-core';

/** Answers the page's next confirm (or alert) with `accept`, and resolves with its question. */
export function nextConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    }),
  );
}
