import { expect, test, type Page } from '@playwright/test';
import {
  boxesOf,
  framesLosingRows,
  framesOf,
  LIST_ROWS,
  near,
  openWithEntryHeld,
  recordFrames,
  slowPhone,
  withoutScripts,
} from '../helpers/first-screens';

const cities = (page: Page) => page.getByRole('list', { name: 'Cities' });
const cityRows = (page: Page) => cities(page).getByRole('button', { expanded: false });

test.describe('home list', () => {
  test('groups more than 20 guides by city: state, city name and count; header sorting flips', async ({
    page,
  }) => {
    await page.goto('/');
    // The app's list (the page's own rows come first: decision 0018).
    await expect(page.locator(`${LIST_ROWS}[style*="translateY"]`).first()).toBeAttached();
    const first = cityRows(page).first();
    await expect(first).toHaveAccessibleName(/^Austin, Texas: 3 guides$/);
    await expect(first).toContainText('Texas');
    const header = page.getByRole('button', { name: 'Sorted by City, ascending' });
    const box = await header.locator('..').boundingBox();
    expect(box!.height).toBe(40);
    await header.click();
    await expect(cityRows(page).first()).toHaveAccessibleName(/^Spokane, Washington/);
    await page.getByRole('button', { name: 'Sort by State' }).click();
    await expect(cityRows(page).first()).toHaveAccessibleName(/, California:/);
    await page.getByRole('button', { name: 'Sorted by State, ascending' }).click();
    await expect(cityRows(page).first()).toHaveAccessibleName(/, Washington:/);
  });

  test('the alphabet bar jumps to the first city of a letter', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Cities starting with S' }).click();
    await expect(page.getByRole('button', { name: /^Sacramento,/ })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Sacramento,/ })).toBeInViewport();
  });

  test('the Options dialog sorts by City or State, ascending or not', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Options' });
    await dialog.getByRole('radio', { name: 'State' }).check();
    await dialog.getByRole('checkbox', { name: 'Ascending' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(cityRows(page).first()).toHaveAccessibleName(/, Washington:/);
    await expect(page.getByRole('button', { name: 'Sorted by State, descending' })).toBeVisible();
  });

  test('entering home resets the search, sort and alphabet bar', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sort by State' }).click();
    await page.getByRole('searchbox', { name: 'Search guides' }).fill('murals');
    await page.getByRole('link', { name: 'Earshot, all guides' }).click();
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'List' })
      .click();
    await expect(page.getByRole('searchbox', { name: 'Search guides' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Sorted by City, ascending' })).toBeVisible();
  });
});

// The page's HTML holds the list's first rows (decision 0018): they paint before any script,
// and the app draws the same rows in their place.
test.describe("the home list's first rows come with the page", () => {
  /** The app's own rows: placed by its virtualised list. */
  const appRows = (page: Page) => page.locator(`${LIST_ROWS}[style*="translateY"]`);

  test('its HTML draws them as the app does, where the app does', async ({ browser, page }) => {
    const shell = await withoutScripts(browser, page, '/', async (p) => ({
      rows: await boxesOf(p.locator(LIST_ROWS)),
      count: await p.getByText(/^\d+ guides in \d+ cities$/).textContent(),
      letters: await p.getByRole('button', { name: /^Cities starting with / }).count(),
      dimmed: await p.locator('nav button[data-empty]').count(),
      sorted: await p.getByRole('button', { name: 'Sorted by City, ascending' }).count(),
    }));
    expect(shell.rows[0]!.name).toBe('Austin, Texas: 3 guides');
    expect(shell.rows.length).toBeGreaterThanOrEqual(11);
    expect(shell).toMatchObject({ letters: 26, sorted: 1 });
    expect(shell.dimmed).toBeGreaterThan(0);

    await page.goto('/');
    await expect(appRows(page).first()).toBeAttached();
    await expect(page.getByText(shell.count!)).toBeVisible();
    const app = await boxesOf(appRows(page));
    expect(app.map((r) => r.name)).toEqual(shell.rows.map((r) => r.name));
    for (const [i, row] of app.entries())
      expect(
        near(row.box, shell.rows[i]!.box),
        `${row.name}: ${row.box} / ${shell.rows[i]!.box}`,
      ).toBe(true);
    await expect(page.locator('nav button[data-empty]')).toHaveCount(shell.dimmed);
  });

  test('on a slow phone they show from the first paint, and stay while the app starts', async ({
    browser,
    page,
  }) => {
    const rows = await withoutScripts(browser, page, '/', (p) => p.locator(LIST_ROWS).count());
    await slowPhone(page);
    await recordFrames(page);
    await page.goto('/');
    await expect(appRows(page).first()).toBeAttached({ timeout: 30_000 });
    await page.waitForTimeout(300);
    const frames = await framesOf(page);
    const first = frames.findIndex((f) => f.rows > 0);
    expect(first, 'a frame with rows').toBeGreaterThanOrEqual(0);
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    );
    // Drawn with the page: the first frame with rows is the first contentful one (or the next).
    expect(frames[first]!.t).toBeLessThanOrEqual(paint + 50);
    // Once the page has arrived whole (a slow link paints it as it comes), every row stays.
    const lost = framesLosingRows(frames, rows);
    expect(lost.whole).toBeGreaterThanOrEqual(first);
    expect(lost.missing, 'frames missing rows').toEqual([]);
    expect(lost.loading, 'frames with the loading state').toEqual([]);
    const tops = frames.slice(first).map((f) => f.top!);
    expect(Math.max(...tops) - Math.min(...tops), 'the first row moved').toBeLessThanOrEqual(1);
  });

  test.describe(() => {
    test.use({ serviceWorkers: 'allow' });
    test('the page the service worker keeps for offline use holds no list', async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      const kept = await page.evaluate(async () => {
        for (let i = 0; i < 100; i++) {
          const res = await caches.match('/', { cacheName: 'earshot-shell' });
          if (res) return res.text();
          await new Promise((r) => setTimeout(r, 100));
        }
        return null;
      });
      expect(kept).toContain('Loading guides');
      expect(kept).not.toContain('role="listitem"');
    });
  });

  test('keyboard focus on a row of the page stays on it when the app takes over', async ({
    page,
  }) => {
    const release = await openWithEntryHeld(page, '/');
    await page.getByRole('link', { name: 'Portland page' }).focus();
    release();
    await expect(appRows(page).first()).toBeAttached();
    await expect(page.getByRole('link', { name: 'Portland page' })).toBeFocused();
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menu', { name: 'Link to Portland' })).toBeVisible();
  });
});

test.describe('search', () => {
  test('fuzzy search shows Search Results; an empty query clears them', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/^\d+ guides in \d+ cities$/)).toBeVisible();
    const box = page.getByRole('searchbox', { name: 'Search guides' });
    await box.fill('riverfrnt');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(
      results.getByRole('button', { name: 'Willamette Riverfront Sculpture Walk' }),
    ).toBeVisible();
    await box.fill('');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeHidden();
    await expect(cities(page)).toBeVisible();
  });

  test('a query typed before the app has started is kept and searched', async ({ page }) => {
    // The page's own shell shows the search box before any JavaScript runs; the app's entry
    // script is held back until the visitor has typed, as on a slow phone.
    const release = await openWithEntryHeld(page, '/');
    const box = page.getByRole('searchbox', { name: 'Search guides' });
    await box.fill('riverfrnt');
    release();
    await expect(
      page
        .getByRole('list', { name: 'Search results' })
        .getByRole('button', { name: 'Willamette Riverfront Sculpture Walk' }),
    ).toBeVisible();
    await expect(box).toHaveValue('riverfrnt');
  });

  test('/search/{search} shows the results with the search text upper-cased as title', async ({
    page,
  }) => {
    await page.goto('/search/murals');
    await expect(page.getByRole('heading', { level: 1, name: 'MURALS' })).toBeVisible();
    await expect(page).toHaveTitle(/MURALS/);
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button', { name: 'Pearl District Murals' })).toBeVisible();
  });
});

test.describe('city and state pages', () => {
  test('/city/{city} lists that city, capitalised, without the alphabet bar, and tracks a view', async ({
    page,
  }) => {
    const tracked = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/events/') && r.method() === 'POST',
    );
    await page.goto('/city/portland');
    expect((await tracked).postDataJSON()).toEqual({ kind: 'city-list-view', place: 'portland' });
    await expect(page.getByRole('heading', { level: 1, name: 'Portland' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Guides' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('navigation', { name: 'Jump to cities by letter' })).toBeHidden();
  });

  test('/state/{state} is upper-cased; an unknown place has a friendly empty state', async ({
    page,
  }) => {
    await page.goto('/state/texas');
    await expect(page.getByRole('heading', { level: 1, name: 'TEXAS' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Guides' }).getByRole('listitem')).toHaveCount(5);
    await page.goto('/city/atlantis');
    await expect(page.getByRole('heading', { name: 'No guides in atlantis yet' })).toBeVisible();
    await page.goto('/city/San%20Francisco');
    await expect(page.getByRole('heading', { level: 1, name: 'San Francisco' })).toBeVisible();
  });

  test('invalid route parameters show the 404 page', async ({ page }) => {
    await page.goto(`/city/${'x'.repeat(250)}`);
    await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  });

  test('right-click on a city link offers its direct link, a copy action and a QR code', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await expect(page.locator(`${LIST_ROWS}[style*="translateY"]`).first()).toBeAttached();
    await page.getByRole('link', { name: 'Portland page' }).click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Link to Portland' });
    await expect(menu.getByRole('menuitem', { name: `${baseURL}/city/portland` })).toBeVisible();
    await expect(menu.getByRole('img', { name: 'QR code for the Portland page' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Copy link to clipboard' }).click();
    await expect(menu.getByRole('menuitem', { name: 'Link copied to clipboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/city/portland`,
    );
  });

  test('the city link menu opens from the keyboard and by long-press', async ({ page }) => {
    await page.goto('/');
    // The page's own rows come first (decision 0018): the menu is the app's.
    await expect(page.locator(`${LIST_ROWS}[style*="translateY"]`).first()).toBeAttached();
    const link = page.getByRole('link', { name: 'Portland page' });
    await link.focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Link to Portland' });
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Copy link to clipboard' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(link).toBeFocused();

    const box = (await link.boundingBox())!;
    const at = { pointerType: 'touch', clientX: box.x + 4, clientY: box.y + 4, isPrimary: true };
    await link.dispatchEvent('pointerdown', at);
    await page.waitForTimeout(700);
    await link.dispatchEvent('pointerup', at);
    await expect(menu).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('guide confirm dialog', () => {
  test('shows the guide with one button per language; choosing one sets it and visits', async ({
    page,
  }) => {
    await page.goto('/search/riverfront');
    await page.getByRole('button', { name: 'Willamette Riverfront Sculpture Walk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Willamette Riverfront Sculpture Walk' });
    await expect(
      dialog.getByRole('img', { name: 'Cover of Willamette Riverfront Sculpture Walk' }),
    ).toBeVisible();
    await expect(dialog.getByText('14 locations')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      /(destination=|q=)45\.5\d+,-122\.67\d+/,
    );
    await expect(dialog.getByText(/two-kilometre stroll/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Links and QR codes' }).click();
    await expect(
      dialog.getByRole('link', { name: /\/guide\/riverfront-sculpture-walk$/ }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('link', { name: /\/preload\/riverfront-sculpture-walk$/ }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'QR code for offline link' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for offline link' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/preload\/riverfront-sculpture-walk$/);
    const chosen = await page.evaluate(
      () => JSON.parse(localStorage.getItem('earshot-languages')!).state.byGuide,
    );
    expect(chosen).toEqual({ 'riverfront-sculpture-walk': 'es' });
  });

  test('a guide without languages has a Visit button, and the distance shows when the location is known', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      geolocation: { latitude: 45.52, longitude: -122.68 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/city/portland');
    await page.getByRole('button', { name: 'Pearl District Murals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pearl District Murals' });
    await expect(dialog.getByText(/^\d+(\.\d)? km away$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Visit' }).click();
    await expect(page).toHaveURL(/\/preload\/pearl-district-murals$/);
    await context.close();
  });
});

test.describe('world map', () => {
  test('shows a marker per guide, named by title; tapping one opens the confirm dialog', async ({
    page,
    request,
  }) => {
    const table = (await (await request.get('/api/v1/guide-summary')).json()) as Record<
      string,
      { title: string }
    >;
    await page.goto('/map');
    const region = page.getByRole('region', { name: 'World map of guides' });
    await expect(region).toBeVisible();
    const clusters = region.getByRole('button', { name: /guides in this area$/ });
    await expect(clusters.first()).toBeVisible();
    const counts = await clusters.evaluateAll((els) => els.map((e) => Number(e.textContent)));
    const singles = await region
      .getByRole('button', { name: /\S/ })
      .evaluateAll(
        (els) =>
          els.filter((e) => !/guides in this area|Zoom/.test(e.getAttribute('aria-label') ?? ''))
            .length,
      );
    expect(counts.reduce((a, b) => a + b, 0) + singles).toBe(Object.keys(table).length);
    // A shared map link opens at a view: zoomed into Portland, the flagship has its own marker.
    await page.goto('/map?lat=45.518&lng=-122.671&zoom=16');
    const marker = page.getByRole('button', { name: 'Willamette Riverfront Sculpture Walk' });
    await marker.click();
    const dialog = page.getByRole('dialog', { name: 'Willamette Riverfront Sculpture Walk' });
    await expect(dialog).toBeVisible();
    // Visit: the preload screen carries the visit's entry, the world map, on to the guide
    // screen's guide-open (docs/insights.md "Entries"; the whole walk from a sign, search and a
    // list is insights-entries.spec.ts).
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/preload\/riverfront-sculpture-walk$/);
    expect(
      await page.evaluate(() => (history.state as { usr?: { entry?: string } }).usr?.entry),
    ).toBe('map');
  });

  // A server newer than the app answers in a form the app cannot read: page.route stands in
  // for that server's answer. The visitor is told to reload, the app asks only once.
  test('an answer the app cannot read says a new version is available, and offers Reload', async ({
    page,
  }) => {
    let asked = 0;
    await page.route('**/api/v1/guide-summary', (route) => {
      asked++;
      return route.fulfill({ json: { guides: 'in a newer form' } });
    });
    await page.goto('/map');
    await expect(
      page.getByText('A new version of Earshot is available. Reload to update.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(asked).toBe(1);
  });

  // The page draws the map's opening land before any script (decision 0018): where the map
  // then draws its own outline, which takes over.
  test("the page draws the world's land where the map draws it", async ({ browser, page }) => {
    /** The land's top and bottom, and its left and right within the map's box (px). */
    const landBox = (p: Page, selector: string) =>
      p.locator(selector).evaluate((path) => {
        const frame = path.closest('[role="region"], [class*="frame"]')!.getBoundingClientRect();
        const r = path.getBoundingClientRect();
        return [Math.max(r.left, frame.left), r.top, Math.min(r.right, frame.right), r.bottom].map(
          Math.round,
        );
      });
    const shell = await withoutScripts(browser, page, '/map', (p) =>
      landBox(p, '#shell-map-markers svg path'),
    );
    await page.goto('/map');
    await expect(page.getByRole('button', { name: /guides in this area$/ }).first()).toBeVisible();
    await expect(page.locator('#shell-map-markers')).toHaveCount(0);
    const drawn = await landBox(page, '.leaflet-basemap-pane path');
    expect(
      shell.every((v, i) => Math.abs(v - drawn[i]!) <= 2),
      `page ${shell} / map ${drawn}`,
    ).toBe(true);
  });
});

test.describe('install banner', () => {
  const offer = async (page: Page) => {
    // The app listens once it has started (the page shell draws the same menu button before).
    await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
    await page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
      };
      e.prompt = async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      };
      window.dispatchEvent(e);
    });
  };

  test('is hidden until the browser offers an install; Yes opens the prompt', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Install Earshot' });
    await expect(banner).toBeHidden();
    await offer(page);
    await banner.getByRole('button', { name: 'Yes' }).click();
    expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(
      true,
    );
    await expect(banner).toBeHidden();
  });

  test('Later hides it for a day; Never is remembered', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Install Earshot' });
    await offer(page);
    await banner.getByRole('button', { name: 'Later' }).click();
    await page.reload();
    await offer(page);
    await expect(banner).toBeHidden();
    await page.evaluate(() =>
      localStorage.setItem(
        'earshot-install',
        JSON.stringify({ laterAt: Date.now() - 25 * 3600_000 }),
      ),
    );
    await page.reload();
    await offer(page);
    await banner.getByRole('button', { name: 'Never' }).click();
    await page.reload();
    await offer(page);
    await expect(banner).toBeHidden();
  });
});

test.describe('looks and accessibility', () => {
  test('monochrome applies to every screen and persists', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('switch', { name: 'Monochrome' }).click();
    await page.keyboard.press('Escape');
    await page.goto('/map');
    await expect(page.locator('html')).toHaveAttribute('data-mono', '');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe(
      'grayscale(1)',
    );
  });
});
