import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startCatalogueServer } from '../helpers/catalogue-server';
import { manyGuidesURL } from '../helpers/servers';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { CATALOGUE_GUIDES } from '../servers/seed-catalogue';
import {
  boxesOf,
  framesLosingRows,
  framesOf,
  LIST_ROWS,
  MAP_MARKERS,
  near,
  OPENING_MARKERS,
  recordFrames,
  slowPhone,
  withoutScripts,
} from '../helpers/first-screens';

// A large catalogue (docs/scale-out.md §3): 4,000 guides in 208 cities over 13 states, more
// than FULL_LIST_MAX, on a server of this spec's own (helpers/catalogue-server.ts), so the
// app pages, searches and clusters through the server. The counts below follow from
// servers/seed-catalogue.ts: city c is named by a tree (A…Z, 8 cities each) and an ending,
// lies in state c mod 13, and cities 0–47 hold 20 guides, the others 19.
let server: Awaited<ReturnType<typeof startCatalogueServer>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startCatalogueServer();
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: '' });

const SHOTS = process.env.E2E_SHOTS_DIR
  ? `${process.env.E2E_SHOTS_DIR}/catalogue-web`
  : '/work/shots/catalogue-web';

const at = (path: string) => server.url + path;
const cities = (page: Page) => page.getByRole('list', { name: 'Cities' });
const cityRows = (page: Page) => cities(page).getByRole('button', { expanded: false });
const pageCalls = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/tours/page')) urls.push(r.url());
  });
  return urls;
};

test('the home list opens on the first page, loads the next ones as it scrolls, DOM bounded', async ({
  page,
}) => {
  const calls = pageCalls(page);
  await page.goto(at('/'));
  await expect(page.getByText(`${CATALOGUE_GUIDES.toLocaleString('en')} guides`)).toBeVisible();
  // The first page is the one the shell preloaded (state, city, title ascending): never asked
  // again. Collapsed cities fill less than a screen, so the next page follows at once.
  await expect(cityRows(page).first()).toHaveAccessibleName('Alder Falls, Alabama: 20 guides');
  await expect(page.getByRole('button', { name: 'Sorted by State, ascending' })).toBeVisible();
  expect(calls.filter((u) => !new URL(u).searchParams.has('after'))).toEqual([]);

  // Scroll to the end five times: each asks the next page by its cursor.
  const before = calls.length;
  for (let i = before + 1; i <= before + 5; i++) {
    const next = page.waitForResponse((r) => r.url().includes('/api/v1/tours/page?after='));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect((await next).status()).toBe(200);
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(i);
  }
  expect(calls.every((u) => new URL(u).searchParams.get('order') === 'state')).toBe(true);
  // At least 6 pages (1,200 guides, ~60 cities) loaded, a screenful of rows in the page.
  const height = await cities(page).evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeGreaterThan(55 * 58);
  const rendered = await cities(page).getByRole('listitem').count();
  expect(rendered).toBeLessThan(40);
  // Past Alabama's and California's cities: their rows have left the page.
  await expect(cities(page).getByRole('button', { name: /, Alabama: / })).toHaveCount(0);
  await expect(
    cities(page)
      .getByRole('button', { name: /, (Delaware|Florida|Georgia): / })
      .first(),
  ).toBeAttached();

  // A city opens to its guides (Alder Falls holds guides 0, 208, 416, …, by title).
  await page.evaluate(() => window.scrollTo(0, 0));
  await cityRows(page).first().click();
  await expect(
    cities(page).getByRole('button', { name: 'Alder Falls, Alabama: 20 guides', expanded: true }),
  ).toBeVisible();
  await expect(
    cities(page)
      .getByRole('button', { name: /^Lantern walk \d+, \d+ stops$/ })
      .first(),
  ).toHaveAccessibleName('Lantern walk 0, 2 stops');
});

test('the alphabet bar starts the list at a letter from the server, the sort asks its order', async ({
  page,
}) => {
  const calls = pageCalls(page);
  await page.goto(at('/'));
  const bar = page.getByRole('navigation', { name: 'Jump to states by letter' });
  // tours/letters: the states' initials.
  await expect(bar.getByRole('button', { name: 'States starting with T' })).not.toHaveAttribute(
    'data-empty',
  );
  await expect(bar.getByRole('button', { name: 'States starting with B' })).toHaveAttribute(
    'data-empty',
    'true',
  );
  await bar.getByRole('button', { name: 'States starting with T' }).click();
  const texas = page.getByRole('button', { name: 'Birch Ridge, Texas: 20 guides' });
  await expect(texas).toBeFocused();
  await expect(cityRows(page).first()).toHaveAccessibleName('Birch Ridge, Texas: 20 guides');
  expect(calls.some((u) => new URL(u).searchParams.get('from') === 't')).toBe(true);
  await expect(page.getByText('States from “T”')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the start' }).click();
  await expect(cityRows(page).first()).toHaveAccessibleName('Alder Falls, Alabama: 20 guides');

  // The City header: city, state, title ascending, then descending.
  await page.getByRole('button', { name: 'Sort by City' }).click();
  await expect(cityRows(page).first()).toHaveAccessibleName('Alder Crossing, Georgia: 20 guides');
  await page.getByRole('button', { name: 'Sorted by City, ascending' }).click();
  await expect(cityRows(page).first()).toHaveAccessibleName('Zelkova Springs, Nevada: 19 guides');
  const orders = calls.map((u) => new URL(u).searchParams.get('order'));
  expect(orders).toContain('city');
  expect(orders).toContain('city-desc');
  // In city order the bar jumps by city.
  await page.getByRole('button', { name: 'Sorted by City, descending' }).click();
  await page
    .getByRole('navigation', { name: 'Jump to cities by letter' })
    .getByRole('button', { name: 'Cities starting with M' })
    .click();
  await expect(
    page.getByRole('button', { name: 'Maple Crossing, Oregon: 19 guides' }),
  ).toBeFocused();
});

test('search asks the server at each keystroke, drops stale requests, shows its ranking', async ({
  page,
}) => {
  await page.goto(at('/'));
  await expect(cityRows(page).first()).toBeVisible();
  // A slow network, so that typing outruns the answers.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 1_000_000,
    uploadThroughput: 500_000,
  });
  const asked: string[] = [];
  const dropped: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/tours/search'))
      asked.push(new URL(r.url()).searchParams.get('q')!);
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/v1/tours/search'))
      dropped.push(new URL(r.url()).searchParams.get('q')!);
  });
  const box = page.getByRole('searchbox', { name: 'Search guides' });
  await box.click();
  await box.pressSequentially('he');
  await expect(page.getByText('Type 3 letters or more to search.')).toBeVisible();
  await box.pressSequentially('ron quarry', { delay: 40 });
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(
    results.getByRole('button', { name: /^Heron Quarry Sculpture Trail/ }),
  ).toBeVisible();
  await expect(page.locator('[data-query]')).toHaveAttribute('data-query', 'heron quarry');
  // Nothing under 3 letters went to the server; each longer query did, the stale ones dropped.
  expect(asked[0]).toBe('her');
  expect(asked.at(-1)).toBe('heron quarry');
  expect(dropped.length).toBeGreaterThan(0);
  expect(dropped).not.toContain('heron quarry');
  // No Fuse.js in a large catalogue.
  const fuse = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((e) => /fuse/i.test(e.name)),
  );
  expect(fuse).toHaveLength(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await box.fill('zzzqqq');
  await expect(page.getByText('No guides match “zzzqqq”.')).toBeVisible();
});

const clusterCounts = async (page: Page) => {
  const names = await page
    .getByRole('button', { name: /guides? (in this area|here)$/ })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return names.map((n) =>
    n.startsWith('1 guide') ? 1 : Number(n.split(' ')[0]!.replace(/,/g, '')),
  );
};

test('the world map shows the server clusters, summing to the total, down to single guides', async ({
  page,
}) => {
  const clusters = page.waitForResponse((r) => r.url().includes('/api/v1/guide-summary/clusters'));
  await page.goto(at('/map'));
  expect((await clusters).status()).toBe(200);
  await expect
    .poll(async () => (await clusterCounts(page)).reduce((a, b) => a + b, 0))
    .toBe(CATALOGUE_GUIDES);
  // Into the first cluster (by the keyboard) until single guides show.
  const single = page.getByRole('button', { name: '1 guide here' });
  for (let i = 0; i < 10 && !(await single.count()); i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/guide-summary/clusters'));
    await page
      .getByRole('button', { name: /guides in this area$/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await answer;
    await page.waitForTimeout(100);
  }
  await expect(single.first()).toBeAttached();
  await single.first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(/Lantern walk \d+|Heron Quarry/);
});

/** The boot list of a page as the server sends it (src/shell/boot.js reads it). */
const bootList = async (html: string) =>
  JSON.parse(/<script id="boot-scripts" type="application\/json">([^<]*)</.exec(html)![1]!) as {
    preloads: string[];
    large?: string[];
  };

test("a large catalogue's pages preload the paged list's or the clusters' code; the map loads no list screen", async ({
  page,
  request,
}) => {
  for (const [url, module] of [
    ['/', /\/assets\/large-list-/],
    ['/state/texas', /\/assets\/large-list-/],
    ['/map', /\/assets\/server-clusters-/],
  ] as const) {
    const boot = await bootList(await (await request.get(at(url))).text());
    expect(
      boot.preloads.some((f) => module.test(f)),
      url,
    ).toBe(true);
    expect(boot.preloads, url).toEqual(expect.arrayContaining(boot.large!));
  }
  // 2,000 guides (FULL_LIST_MAX) are a small catalogue: the page names those modules but does
  // not preload them.
  const small = await bootList(await (await request.get(`${manyGuidesURL()}/`)).text());
  expect(small.large!.some((f) => /\/assets\/large-list-/.test(f))).toBe(true);
  expect(small.preloads.filter((f) => small.large!.includes(f))).toEqual([]);

  // The map's clusters code no longer brings the paged list and the list screens with it: no
  // list chunk is asked for before the map has drawn its clusters (the list screens come
  // later, when the app is idle, for a tap on 'List').
  await recordFrames(page);
  await page.goto(at('/map'));
  await expect(page.locator(MAP_MARKERS).first()).toBeVisible();
  const drawn = (await framesOf(page)).find((f) => f.markers > 0)!.t;
  const scripts = await page.evaluate(
    (before) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < before && /\.js$/.test(new URL(e.name).pathname))
        .map((e) => new URL(e.name).pathname),
    drawn,
  );
  expect(scripts.some((f) => /\/server-clusters-/.test(f))).toBe(true);
  expect(scripts.filter((f) => /\/(large-catalogue|large-list|list-screens)-/.test(f))).toEqual([]);
});

// The page's HTML draws the first screen (decision 0018): the home list's first rows, the
// world map's opening markers; the app draws its own in their place, nothing in between.
test("the home page holds its first page's rows; the app takes them over with no loading state", async ({
  browser,
  page,
}) => {
  const shell = await withoutScripts(browser, page, at('/'), (p) => boxesOf(p.locator(LIST_ROWS)));
  expect(shell[0]!.name).toBe('Alder Falls, Alabama: 20 guides');
  expect(shell.length).toBeGreaterThan(5);
  await slowPhone(page);
  await recordFrames(page);
  await page.goto(at('/'));
  const appRows = page.locator(`${LIST_ROWS}[style*="translateY"]`);
  await expect(appRows.first()).toBeAttached({ timeout: 30_000 });
  const app = await boxesOf(appRows);
  expect(app.slice(0, shell.length).map((r) => r.name)).toEqual(shell.map((r) => r.name));
  for (const [i, row] of shell.entries())
    expect(near(row.box, app[i]!.box), `${row.name}: ${row.box} / ${app[i]!.box}`).toBe(true);
  const lost = framesLosingRows(await framesOf(page), shell.length);
  expect(lost.whole, 'a frame with the rows').toBeGreaterThanOrEqual(0);
  expect(lost.missing, 'frames missing rows').toEqual([]);
  expect(lost.loading, 'frames with the loading state').toEqual([]);
});

test("the world map's opening markers are drawn where the map draws its own, until it has", async ({
  browser,
  page,
}) => {
  const markerBoxes = (p: Page, selector: string) =>
    p.locator(selector).evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent, box: [r.x, r.y, r.width, r.height].map(Math.round) };
      }),
    );
  const shell = await withoutScripts(browser, page, at('/map'), (p) =>
    markerBoxes(p, OPENING_MARKERS),
  );
  expect(shell.length).toBeGreaterThan(0);
  expect(shell.map((m) => m.text)).toContain(String(CATALOGUE_GUIDES));
  await slowPhone(page);
  await recordFrames(page);
  await page.goto(at('/map'));
  await expect(page.locator(MAP_MARKERS).first()).toBeVisible({ timeout: 30_000 });
  // The page's markers give way to the map's own, each at the same place with the same count.
  await expect(page.locator(OPENING_MARKERS)).toHaveCount(0);
  const app = await markerBoxes(page, MAP_MARKERS);
  for (const m of shell)
    expect(
      app.some((a) => a.text === m.text && near(a.box, m.box)),
      `${m.text} at ${m.box}: ${JSON.stringify(app)}`,
    ).toBe(true);
  const frames = await framesOf(page);
  const first = frames.findIndex((f) => f.opening > 0);
  const paint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  );
  expect(frames[first]!.t).toBeLessThanOrEqual(paint + 50);
  expect(
    frames.slice(first).filter((f) => f.opening === 0 && f.markers === 0),
    'frames with no marker at all',
  ).toEqual([]);
});

for (const dark of [false, true])
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ])
    test(`axe and screenshots, ${size.name}, ${dark ? 'dark' : 'light'}`, async ({ page }) => {
      test.setTimeout(90_000);
      mkdirSync(SHOTS, { recursive: true });
      await persistTheme(page, dark);
      await page.setViewportSize(size);
      const look = `${size.name}-${dark ? 'dark' : 'light'}`;
      await page.goto(at('/'));
      await expect(cityRows(page).first()).toBeVisible();
      await page.getByRole('button', { name: /States starting with O/ }).click();
      await expect(page.getByText('States from “O”')).toBeVisible();
      await cityRows(page).first().click();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/home-${look}.png` });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS}/home-scrolled-${look}.png` });
      await page.getByRole('searchbox', { name: 'Search guides' }).fill('heron');
      await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/search-${look}.png` });
      await page.goto(at('/state/texas'));
      await expect(cityRows(page).first()).toHaveAccessibleName(/, Texas: /);
      await page.screenshot({ path: `${SHOTS}/state-${look}.png` });
      // The list's empty and failed states (list-states.tsx, the small list's too).
      await page.goto(at('/city/atlantis'));
      await expect(page.getByRole('heading', { name: 'No guides in atlantis yet' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/list-empty-${look}.png` });
      await page.route('**/api/v1/cities?name=*', (route) => route.abort('failed'));
      await page.goto(at('/city/pine%20ridge'));
      await expect(page.getByRole('heading', { name: 'Guides could not be loaded' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/list-failed-${look}.png` });
      await page.unroute('**/api/v1/cities?name=*');
      await page.goto(at('/map'));
      await expect(
        page.getByRole('button', { name: /guides in this area$/ }).first(),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/map-${look}.png` });
    });

test('city and state pages page through the server', async ({ page }) => {
  const calls = pageCalls(page);
  await page.goto(at('/state/texas'));
  // Texas: 16 cities (c = 10, 23, … 205): 3 of 20 guides, 13 of 19.
  await expect(page.getByText('307 guides', { exact: true })).toBeVisible();
  await expect(cityRows(page).first()).toHaveAccessibleName('Birch Ridge, Texas: 20 guides');
  expect(calls.some((u) => new URL(u).searchParams.get('state') === 'texas')).toBe(true);
  await expect(page.getByRole('navigation', { name: /by letter/ })).toHaveCount(0);
  // Its search asks the server for Texas's guides (filtered before the ranking, not after).
  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/tours/search'));
  await page.getByRole('searchbox', { name: 'Search guides' }).fill('lantern');
  const asked = await answer;
  expect(new URL(asked.url()).searchParams.get('state')).toBe('texas');
  const found = (await asked.json()) as { guides: { title: string; city: { state: string } }[] };
  expect(found.guides.length).toBeGreaterThan(0);
  expect(found.guides.filter((g) => g.city.state !== 'Texas')).toEqual([]);
  await expect(
    page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: new RegExp(`^${found.guides[0]!.title}\\b`) }),
  ).toBeVisible();

  await page.goto(at('/city/maple%20crossing'));
  await expect(page.getByText('19 guides')).toBeVisible();
  // 20 or fewer: the flat list.
  await expect(page.getByRole('list', { name: 'Guides' }).getByRole('listitem')).toHaveCount(19);
  expect(calls.some((u) => new URL(u).searchParams.get('city_id'))).toBe(true);
});

test('a city is found by its name, spaces and all; an unknown or failed one shows the list states', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/cities')) asked.push(new URL(r.url()).search);
  });
  // The name with its space goes to cities?name= (no longer the whole list of places).
  await page.goto(at('/city/oak%20point'));
  await expect(page.getByText(/^\d+ guides$/)).toBeVisible();
  expect(asked).toEqual(['?name=oak%20point']);

  // The large list's empty state is the small list's (list-states.tsx).
  await page.goto(at('/city/atlantis'));
  await expect(page.getByRole('heading', { name: 'No guides in atlantis yet' })).toBeVisible();
  await expect(
    page.getByText('When a guide is published here it will appear in this list.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all guides' })).toHaveAttribute('href', '/');

  // The network fails on the city's lookup: the failed state, and Retry loads the list.
  await page.route('**/api/v1/cities?name=*', (route) => route.abort('failed'));
  await page.goto(at('/city/pine%20ridge'));
  await expect(page.getByRole('heading', { name: 'Guides could not be loaded' })).toBeVisible();
  await page.unroute('**/api/v1/cities?name=*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/^\d+ guides$/)).toBeVisible();
});
