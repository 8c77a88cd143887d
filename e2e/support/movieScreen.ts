import type { Page } from 'playwright-core';

/**
 * Waits until a movie page's cards have all loaded (recommendations, viewings, who has seen it,
 * reviews and the review form), so nothing above a review still moves it when it is clicked.
 */
export async function movieScreenSettled(page: Page): Promise<void> {
  await page.locator('.movie-review-form').waitFor();
  await page.waitForFunction(() => {
    const filled = (selector: string) => {
      const card = document.querySelector(selector);
      return card !== null && card.getAttribute('aria-busy') !== 'true';
    };
    return !document.querySelector('.movie-recommendations-loading') && filled('.movie-viewings') && filled('.movie-seen-by');
  });
}

/** Resolves once the page's socket has joined a movie's room (the server's `movie:init` arrived); fails after 15 s. */
export function movieRoomJoined(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page never joined the movie’s room')), 15_000);
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('"movie:init"')) return;
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
