import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Takes the context offline and returns once the page itself sees no network: its
 * `navigator.onLine` is false and a request of its own fails. A spec that then gives an answer
 * or makes a visit "offline" checks what waits on the device, so the network must be gone
 * first, not on its way out.
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
