import { expect, test, type Page } from '@playwright/test';
import { tourCacheName } from '../../packages/core/src/index.js';
import { preload } from '../helpers/field';
import { chooseEnglish, player } from '../helpers/guide-player';

// Map tiles on a dense screen (decision 0014): the flagship's hybrid map at a device pixel
// ratio of 2. The e2e build's imagery template has no {r}: Leaflet's detectRetina takes it one
// zoom deeper at half size; its labels' template has {r}: the tile server's @2x tiles (512 px).
// The preload saves exactly what this screen's map asks for, and offline the map shows it all
// from the saved guide, with nothing fetched from the network.
test.use({ serviceWorkers: 'allow', deviceScaleFactor: 2 });
test.describe.configure({ timeout: 120_000 });

const TOKEN = 'riverfront-sculpture-walk';
const tileOrigin = () => `http://127.0.0.1:${process.env.E2E_TILE_PORT}/`;

/** The zoom levels of tile URLs (`/{layer}/{z}/{x}/{y}…`). */
const zooms = (urls: string[]) =>
  [...new Set(urls.map((u) => Number(new URL(u).pathname.split('/')[2])))].sort((a, b) => a - b);

/** The map's tile pictures: URL, pixels and drawn CSS width, once every one has loaded. */
const shownTiles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((i) => ({
      src: i.src,
      complete: i.complete,
      natural: i.naturalWidth,
      // Its layout width: a map at a half zoom step scales the whole tile pane.
      css: i.offsetWidth,
    })),
  );

test('a dense screen: the preload saves the tiles its map asks for, and offline the map shows them all from the device', async ({
  page,
  context,
}) => {
  expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
  await chooseEnglish(page);
  await preload(page, TOKEN);

  const saved = (
    await page.evaluate(
      async (name) => (await (await caches.open(name)).keys()).map((r) => r.url),
      tourCacheName(TOKEN),
    )
  ).filter((u) => u.startsWith(tileOrigin()));
  const imagery = saved.filter((u) => u.includes('/satellite/'));
  const labels = saved.filter((u) => u.includes('/labels/'));
  expect(imagery.length).toBeGreaterThan(20);
  expect(labels.length).toBeGreaterThan(20);
  // Imagery: no @2x, one zoom deeper than the guide's offline zooms (13–17); labels: @2x.
  expect(imagery.every((u) => u.endsWith('.png') && !u.includes('@2x'))).toBe(true);
  expect(zooms(imagery)[0]).toBe(14);
  expect(labels.every((u) => u.endsWith('@2x.png'))).toBe(true);
  expect(zooms(labels)[0]).toBe(13);

  // The context's requests: the page's and its service worker's own (a tile the worker went
  // to the network for is one of these, not answered from the worker). The tile server's count
  // cannot tell: the other worker's specs ask it for tiles meanwhile.
  const fromNetwork: string[] = [];
  context.on('requestfinished', async (r) => {
    if (!r.url().startsWith(tileOrigin())) return;
    if (!(await r.response())?.fromServiceWorker()) fromNetwork.push(r.url());
  });
  const failed: string[] = [];
  context.on('requestfailed', (r) => {
    if (r.url().startsWith(tileOrigin())) failed.push(r.url());
  });
  await context.setOffline(true);
  await page.goto(`/guide/${TOKEN}`);
  await page.getByRole('button', { name: 'Tap to Enter' }).click();
  await expect(player(page)).toBeVisible();

  // Every tile the map shows has loaded: imagery at half size, labels from their 512 px tiles.
  await expect
    .poll(async () => {
      const tiles = await shownTiles(page);
      return tiles.length > 8 && tiles.every((t) => t.complete && t.natural > 0);
    })
    .toBe(true);
  const tiles = await shownTiles(page);
  const shownImagery = tiles.filter((t) => t.src.includes('/satellite/'));
  const shownLabels = tiles.filter((t) => t.src.includes('/labels/'));
  expect(shownImagery.length).toBeGreaterThan(4);
  expect(shownLabels.length).toBeGreaterThan(2);
  for (const t of shownImagery) expect([t.natural, t.css]).toEqual([256, 128]);
  for (const t of shownLabels) expect([t.natural, t.css]).toEqual([512, 256]);
  // Each of them is one the preload saved, answered by the service worker.
  for (const t of tiles) expect(saved).toContain(t.src);
  expect(failed).toEqual([]);
  expect(fromNetwork).toEqual([]);
  await context.setOffline(false);
});
