import { expect, test } from '@playwright/test';
import { openWithEntryHeld } from '../helpers/first-screens';

// Every page is its screen's shell (apps/web/scripts/prerender.ts) and the app's modules start only
// once that shell has painted (apps/web/src/shell/boot.js), so a slow link spends its first round
// trips on the page and its picture, not on 250 KB of JavaScript.

const BOOT = /^\/assets\/boot-[\w-]+\.js$/;

/**
 * What in a page's HTML would start JavaScript before the shell paints: any script but the
 * deferred boot script and data blocks, and any module preload.
 */
function startsBeforePaint(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1]!;
    if (/\btype="application\/json"/.test(attrs)) continue;
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    if (src && BOOT.test(src) && /\sdefer\b/.test(attrs)) continue;
    found.push(m[0]);
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) found.push(m[0]);
  return found;
}

const PAGES = ['/', '/city/portland', '/map', '/guide/riverfront-sculpture-walk', '/about'];

test.describe('the app starts after the shell has painted', () => {
  for (const url of PAGES) {
    test(`${url}: the page names only the boot script, and the modules come after the first paint`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(url)).text();
      expect(startsBeforePaint(html)).toEqual([]);
      const list = /<script id="boot-scripts" type="application\/json">([^<]*)<\/script>/.exec(
        html,
      );
      expect(list, 'the list of modules the boot script starts').not.toBeNull();
      const { modules } = JSON.parse(list![1]!) as { modules: string[]; preloads: string[] };
      expect(modules.length).toBeGreaterThan(0);

      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate(() => ({
        // When the browser painted (the rendering update), not when the frame reached the
        // screen (startTime, later): the boot script's rAF callback runs in that update.
        paint: ((e) => (e ? ((e as { paintTime?: number }).paintTime ?? e.startTime) : null))(
          performance.getEntriesByName('first-paint')[0],
        ),
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
      }));
      expect(timing.paint).not.toBeNull();
      const early = timing.scripts.filter((s) => !BOOT.test(s.path) && s.start < timing.paint!);
      expect(early, `scripts requested before the first paint at ${timing.paint} ms`).toEqual([]);
      expect(timing.scripts.map((s) => s.path)).toEqual(expect.arrayContaining(modules));
    });
  }

  test('a tap on a shell button before the app has drawn is given to the app', async ({ page }) => {
    // The entry module is held back until the shell's menu button has been tapped.
    const release = await openWithEntryHeld(page, '/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  });

  test('probe: a page that names its modules in its head is reported', () => {
    const before =
      '<head><script type="module" crossorigin src="/assets/index-x.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/a.js">' +
      '<script defer src="/assets/boot-1.js"></script>' +
      '<script id="boot-scripts" type="application/json">{}</script></head>';
    expect(startsBeforePaint(before)).toEqual([
      '<script type="module" crossorigin src="/assets/index-x.js">',
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
    ]);
  });
});
