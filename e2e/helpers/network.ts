import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Takes the context offline and returns once the page itself sees no network: its
 * `navigator.onLine` is false and a request of its own fails. `setOffline` can return before
 * both hold, and a spec that then gives an answer or makes a visit "offline" must not have it
 * reach the server (answers.spec once found an answer given offline stored at once).
 */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (navigator.onLine) return 'online';
        // /api/health is not one of the service worker's routes: this goes to the network.
        return fetch('/api/health', { cache: 'no-store' }).then(
          () => 'reached the server',
          () => 'offline',
        );
      }),
    )
    .toBe('offline');
}
