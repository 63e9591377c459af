import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { tourCacheName, tourMediaUrls, type GuideDetail } from '../../packages/core/src/index.js';
import { audio, button, chooseEnglish, enter, player } from '../helpers/guide-player';
import {
  audioLog,
  cacheSizes,
  jitter,
  moveTo,
  offset,
  plays,
  preload,
  recordPlays,
  waitingVisits,
} from '../helpers/field';
import { newUser } from '../helpers/participation';

// In the field: a guide preloaded at the hotel, then walked with no signal.
// The service worker is on for these tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow', permissions: ['geolocation'] });
test.describe.configure({ timeout: 120_000 });

const TOKEN = 'riverfront-sculpture-walk';
const tilePort = () => process.env.E2E_TILE_PORT;

let guide: GuideDetail;
let huntId: number;
test.beforeAll(async ({ request }) => {
  guide = (await (await request.get(`/api/v1/tour-by-token/${TOKEN}`)).json()) as GuideDetail;
  const hunts = (await (
    await request.get(`/api/v1/scavenger_hunts?guide__token=${TOKEN}`)
  ).json()) as { id: number }[];
  huntId = hunts[0]!.id;
});

test('preload saves every file of the guide, its API answers and its map tiles', async ({
  page,
  request,
}) => {
  const before = (await (await request.get(`http://127.0.0.1:${tilePort()}/stats`)).json()) as {
    served: number;
  };
  // Caches from before the worker (an older version's static cache, a saved guide): the
  // worker taking over clears the first and keeps the second (SPEC §4 update).
  await page.goto('/api/health');
  await page.evaluate(async () => {
    await caches.open('earshot-static-old');
    await (await caches.open('tour-portland-fountain-stroll-1')).put('/x', new Response('x'));
  });
  await page.goto(`/preload/${TOKEN}`);
  // The percentage shows two decimals while it runs.
  await expect(page.getByRole('progressbar', { name: 'Saving the guide' })).toHaveAttribute(
    'aria-valuetext',
    /^\d{1,3}\.\d\d%$/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.title);
  // No Enter before the minimum splash time, however fast the files come.
  await page.waitForTimeout(3000);
  await expect(page.getByRole('button', { name: 'Enter' })).toBeHidden();
  await preload(page, TOKEN);
  await expect(page.getByText(/saved · \d+ of \d+ files · .* free on this device/)).toBeVisible();

  const saved = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => r.url),
    tourCacheName(TOKEN),
  );
  const origin = new URL(page.url()).origin;
  for (const url of tourMediaUrls(guide)) expect(saved).toContain(new URL(url, origin).href);
  expect(saved).toContain(`${origin}/api/v1/tour-by-token/${TOKEN}`);
  const tiles = saved.filter((u) => u.startsWith(`http://127.0.0.1:${tilePort()}/`));
  expect(tiles.length).toBeGreaterThan(50);
  const after = (await (await request.get(`http://127.0.0.1:${tilePort()}/stats`)).json()) as {
    served: number;
  };
  expect(after.served - before.served).toBeGreaterThanOrEqual(tiles.length);
  // Whole answers only: no partial (206) answer was kept.
  const statuses = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return Promise.all((await cache.keys()).map(async (r) => (await cache.match(r))!.status));
  }, tourCacheName(TOKEN));
  expect(new Set(statuses)).toEqual(new Set([200]));
  const names = Object.keys(await cacheSizes(page));
  expect(names).not.toContain('earshot-static-old');
  expect(names).toContain('tour-portland-fountain-stroll-1');

  // Enter replaces the preload screen with the guide home, without the splash.
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page).toHaveURL(`/guide/${TOKEN}`);
  await expect(page.getByRole('button', { name: 'Tap to Enter' })).toBeHidden();
  await page.goBack();
  await expect(page).not.toHaveURL(`/preload/${TOKEN}`);
});

test("a signed-in user's answers are never kept on the device; offline they get the anonymous copy", async ({
  page,
  context,
  request,
}) => {
  const { token } = await newUser(request, 'Cache Probe');
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller);
  const badges = `/api/v1/badges?guide__token=${TOKEN}&contest_type=badge`;
  const get = (url: string, bearer?: string) =>
    page.evaluate(
      async ([u, b]) => {
        const res = await fetch(u!, { headers: b ? { authorization: `Bearer ${b}` } : {} });
        const body = (await res.json()) as { awarded?: unknown }[];
        return { status: res.status, saved: res.headers.get('x-earshot-saved'), body };
      },
      [url, bearer],
    );
  // Anonymous answers are kept (the rule below is not "keep nothing").
  await get(badges);
  expect((await get(badges, token)).body.some((b) => 'awarded' in b)).toBe(true);
  expect((await get('/api/v1/awards', token)).status).toBe(200);
  const kept = await page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys())
      out[name] = await Promise.all(
        (await (await caches.open(name)).keys()).map(async (r) => r.url),
      );
    return out;
  });
  const urls = Object.values(kept).flat();
  expect(urls.filter((u) => u.includes('/api/v1/awards'))).toEqual([]);
  expect(urls.filter((u) => u.endsWith(badges))).toHaveLength(1);
  await context.setOffline(true);
  const offline = await get(badges, token);
  expect(offline.saved).toBe('1');
  expect(offline.body.some((b) => 'awarded' in b)).toBe(false);
  expect((await get('/api/v1/awards', token)).status).toBe(503);
  await context.setOffline(false);
});

test('a preload that loses the network still finishes, counting what it could not save', async ({
  page,
  context,
}) => {
  await page.goto(`/preload/portland-fountain-stroll`);
  await expect(page.getByRole('progressbar', { name: 'Saving the guide' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: 'Enter' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/files? could not be saved/)).toBeVisible();
  await context.setOffline(false);
});

test('offline after a preload: the guide, its images, tiles and keypad work, and every stop plays and seeks', async ({
  page,
  context,
}) => {
  await chooseEnglish(page);
  await preload(page, TOKEN);
  await context.setOffline(true);
  await page.goto(`/guide/${TOKEN}`);
  await expect(page).toHaveTitle(new RegExp(guide.title));
  await page.getByRole('button', { name: 'Tap to Enter' }).click();
  await expect(player(page)).toBeVisible();
  // The map's tiles come from the saved guide.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].filter(
            (i) => i.complete && i.naturalWidth === 256,
          ).length,
      ),
    )
    .toBeGreaterThan(4);
  // The list view shows every stop with its picture: the right-sized copies its srcset asks
  // for (never saved) are answered by the worker with the originals the preload saved.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const list = page.getByRole('region', { name: 'List of stops' });
  await expect(list.locator('[data-token]')).toHaveCount(guide.pois.length);
  await expect
    .poll(() =>
      list.evaluate(
        (el) =>
          [...el.querySelectorAll('img')].filter(
            (i) => i.complete && i.naturalWidth > 0 && /[?&]w=\d+$/.test(i.currentSrc),
          ).length,
      ),
    )
    .toBeGreaterThan(3);
  // The keypad opens (on phones from the player's '⋯' menu).
  await player(page).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('button', { name: 'Keypad', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Every stop's audio plays and seeks to its middle, offline.
  for (const poi of guide.pois) {
    await page.evaluate((src) => {
      const a = document.querySelector('audio')!;
      a.src = src;
      return a.play();
    }, poi.audio_url!);
    await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0.2);
    const mid = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const a = document.querySelector('audio')!;
          a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
          a.addEventListener('error', () => reject(new Error('media error')), { once: true });
          a.currentTime = a.duration / 2;
        }),
    );
    const { duration } = await audio(page);
    expect(Math.abs(mid - duration / 2)).toBeLessThan(0.5);
    await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(mid + 0.2);
  }
  await context.setOffline(false);
});

test('offline, the lists, the map and the hunt show what was saved, with a notice; a saved guide can be deleted', async ({
  page,
  context,
}) => {
  await preload(page, TOKEN);
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cities' }).getByRole('listitem')).not.toHaveCount(0);
  await page.goto('/city/portland');
  const card = page.getByRole('article').filter({ hasText: guide.title });
  await expect(card.getByText('Saved offline')).toBeVisible();
  await page.goto('/map');
  await expect(
    page
      .getByRole('region', { name: 'World map of guides' })
      .getByRole('button', { name: /guides in this area$/ })
      .first(),
  ).toBeVisible();
  // The guide's hunt too: its list, and a challenge with its options.
  await page.goto(`/hunt/${huntId}`);
  const challenges = page.getByRole('list', { name: 'Challenges' });
  await expect(challenges.getByRole('listitem')).toHaveCount(4);
  await challenges.getByText('How many paper boats?').click();
  await expect(
    page.getByRole('dialog', { name: 'How many paper boats?' }).getByRole('radio'),
  ).toHaveCount(3);
  await page.keyboard.press('Escape');

  // The drawer leads to the saved guides; deleting one takes its files away.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  // A link taken within ~300 ms of the drawer opening leaves it open.
  await page.waitForTimeout(400);
  await page.getByRole('link', { name: 'Downloaded guides' }).click();
  await expect(page).toHaveURL('/downloads');
  const saved = page.getByRole('list', { name: 'Saved guides' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved).toContainText(/\d+(\.\d)? (KB|MB)/);
  await saved.getByRole('button', { name: `Delete ${guide.title} from this device` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${guide.title}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No guides saved yet')).toBeVisible();
  expect(Object.keys(await cacheSizes(page))).not.toContain(tourCacheName(TOKEN));
  await context.setOffline(false);
});

test('walking the route offline: each stop plays once, in order, with no false start', async ({
  page,
  context,
}) => {
  await recordPlays(page);
  const visits: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/visit_poi/'))
      visits.push((JSON.parse(r.postData()!) as { poi_token: string }).poi_token);
  });
  await chooseEnglish(page);
  await preload(page, TOKEN);
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(player(page)).toBeVisible();
  await context.setOffline(true);

  const stops = [...guide.pois].sort((a, b) => a.position - b.position);
  const start = offset(stops[0]!, -300, 0);
  await context.setGeolocation({ latitude: start.lat, longitude: start.lng, accuracy: 10 });
  await page.getByRole('button', { name: 'Show my location' }).click();
  await expect(page.getByRole('button', { name: 'Hide my location' })).toBeVisible();
  // The web's known limit is said, then how far the walk starts.
  const notice = page.getByRole('status', { name: 'Location notices' });
  await expect(notice).toContainText('Keep the screen on');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toContainText(`${stops[0]!.title}, the nearest stop, is 0.3 km away`);

  const shake = jitter(7, 12);
  let from = start;
  try {
    for (const [i, stop] of stops.entries()) {
      // Between the stops: nobody plays.
      for (const f of [0.25, 0.5]) {
        await moveTo(context, page, {
          lat: from.lat + (stop.lat - from.lat) * f,
          lng: from.lng + (stop.lng - from.lng) * f,
        });
      }
      expect(await plays(page)).toHaveLength(i);
      // A reading at the stop but far less precise than its radius triggers nothing.
      if (i === 3) {
        await moveTo(context, page, stop, 300);
        expect(await plays(page)).toHaveLength(i);
      }
      // At the stop, the GPS wanders within its radius for a while: it plays once.
      for (let k = 0; k < 6; k++) await moveTo(context, page, offset(stop, shake(), shake()));
      await expect.poll(() => plays(page)).toHaveLength(i + 1);
      expect((await plays(page))[i]).toBe(new URL(stop.audio_url!, page.url()).pathname);
      await expect(player(page)).toContainText(stop.title);
      await expect(button(page, 'Pause')).toBeVisible();
      from = stop;
    }
    // Standing at the last stop: nothing more.
    for (let k = 0; k < 5; k++) await moveTo(context, page, offset(from, shake(), shake()));
    expect(await plays(page)).toHaveLength(stops.length);
  } catch (e) {
    // What the audio element did, to tell a second start from a stall.
    (e as Error).message +=
      `\n\nMedia events (ms, event, currentTime, file):\n${await audioLog(page)}`;
    throw e;
  }
  // Each badge radius reached once: one visit per stop, in order (SPEC §3 badge trigger),
  // waiting on the device while there is no signal, and sent once each when it is back.
  expect((await waitingVisits(page)).map((v) => v.poi_token)).toEqual(stops.map((s) => s.token));
  expect(visits).toEqual([]);
  expect(Object.keys(await cacheSizes(page))).toContain(tourCacheName(TOKEN));
  await context.setOffline(false);
  await expect.poll(() => visits, { timeout: 20_000 }).toEqual(stops.map((s) => s.token));
  await expect.poll(async () => (await waitingVisits(page)).length).toBe(0);
});

test.describe('a stop coming up (notification radius)', () => {
  const near = async (page: Page, context: BrowserContext) => {
    const stop = [...guide.pois].sort((a, b) => a.position - b.position)[1]!;
    // 60 m off: inside its notification radius (80 m), outside its autoplay radius (40 m).
    const at = offset(stop, 60, 0);
    await context.setGeolocation({ latitude: at.lat, longitude: at.lng, accuracy: 8 });
    await enter(page);
    await page.getByRole('button', { name: 'Show my location' }).click();
    return stop;
  };

  test('without notifications allowed, an in-app notice names it and plays it on request', async ({
    page,
    context,
  }) => {
    const stop = await near(page, context);
    const notice = page.getByRole('status', { name: 'Location notices' });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toContainText(`Nearby: ${stop.title}`);
    await notice.getByRole('button', { name: 'Listen' }).click();
    await expect(player(page)).toContainText(stop.title);
    await expect(button(page, 'Pause')).toBeVisible();
  });

  test('with notifications allowed, a system notification names it', async ({ page, context }) => {
    await context.grantPermissions(['geolocation', 'notifications']);
    // Through the service worker once it is active; while it is still installing (3 s on a
    // busy machine) the page's own Notification (notify.ts): both are system notifications.
    await page.addInitScript(() => {
      const Page = window.Notification;
      const shown: string[] = [];
      (window as unknown as { pageNotifications: string[] }).pageNotifications = shown;
      window.Notification = class extends Page {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title} — ${options?.body ?? ''}`);
        }
      } as typeof Notification;
    });
    const stop = await near(page, context);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          const fromWorker = (await reg?.getNotifications()) ?? [];
          return [
            ...fromWorker.map((n) => `${n.title} — ${n.body}`),
            ...(window as unknown as { pageNotifications: string[] }).pageNotifications,
          ];
        }),
      )
      .toContain(`Nearby: ${stop.title} — ${stop.subtitle}`);
    await expect(page.getByRole('status', { name: 'Location notices' })).not.toContainText(
      'Nearby',
    );
  });
});
