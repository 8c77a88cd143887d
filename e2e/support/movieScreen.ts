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
