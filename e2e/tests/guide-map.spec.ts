import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';

// The map panel of the guide screen (SPEC §2 Map, §4 geolocate, §9).
const TOKEN = 'riverfront-sculpture-walk';
// Near stop 105 (Bridge Choir), on the riverfront.
const NEAR = { latitude: 45.5152, longitude: -122.6724, accuracy: 40 };

type Poi = {
  token: string;
  title: string;
  subtitle: string;
  keypad_code: number | null;
  hide_map: boolean;
  layer_id: number | null;
  metadata: number[];
};
type Guide = {
  title: string;
  pois: Poi[];
  route: [number, number][];
  layers: { id: number; name: string }[];
  badges: { name: string; levels: unknown[] }[];
};

/** The guide as our server serves it (the expectations come from the real content). */
async function guideFromApi(request: APIRequestContext, token = TOKEN): Promise<Guide> {
  const res = await request.get(`/api/v1/tour-by-token/${token}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Guide;
}

/** The guide home in English, past its splash and banner, with the stops drawn on the map. */
async function openMap(page: Page, token = TOKEN): Promise<Locator> {
  await page.addInitScript(() => {
    localStorage.setItem(
      'earshot-languages',
      JSON.stringify({ state: { byGuide: { 'riverfront-sculpture-walk': 'en' } }, version: 0 }),
    );
  });
  await page.goto(`/guide/${token}`);
  const enter = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(enter).toHaveAttribute('aria-disabled', 'false');
  await enter.click();
  // The banner to take part shows for a guide with badges or a hunt (the flagship) only.
  if (token === TOKEN) await page.getByRole('button', { name: 'Hide this message' }).click();
  const map = page.getByRole('region', { name: /^Map of / });
  await expect(markers(map).first()).toBeVisible();
  return map;
}

/** Whether what the pointer meets at the middle of a marker's code text is that text. */
const codeOnTop = (m: Locator, code: number | null) =>
  m.evaluate((el, text) => {
    const span = [...el.querySelectorAll('span')].find((s) => s.textContent === text);
    if (!span) return false;
    const r = span.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && span.contains(hit);
  }, `${code}`);

const markers = (map: Locator) => map.locator('.leaflet-marker-pane [role="button"]');
const marker = (map: Locator, poi: Pick<Poi, 'keypad_code' | 'title'>) =>
  map.getByRole('button', { name: `Stop ${poi.keypad_code}: ${poi.title}`, exact: true });

/** Zooms in with the map's own + button (markers drawn 50 px wide overlap at the fit zoom). */
async function zoomIn(page: Page, map: Locator, times: number) {
  for (let i = 0; i < times; i++) {
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(350);
  }
}

/** The first marker whose middle a pointer really reaches (not under a neighbour or a control). */
async function reachableMarker(page: Page, map: Locator, except: string[]): Promise<Locator> {
  const name = await markers(map).evaluateAll((els, skip) => {
    for (const el of els) {
      const label = el.getAttribute('aria-label')!;
      if (skip.includes(label)) continue;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height * 0.35);
      if (hit && el.contains(hit)) return label;
    }
    return null;
  }, except);
  expect(name, 'a marker the pointer can reach').not.toBeNull();
  return map.getByRole('button', { name: name!, exact: true });
}

test.describe('the guide map', () => {
  test('one marker per stop not hidden from the map, each showing its keypad code', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const mapped = guide.pois.filter((p) => !p.hide_map);
    const map = await openMap(page);
    await expect(markers(map)).toHaveCount(mapped.length);
    for (const poi of mapped) await expect(marker(map, poi)).toContainText(`${poi.keypad_code}`);
    // The code is painted over its pin (the selected marker is drawn above its neighbours).
    expect(await codeOnTop(marker(map, guide.pois[0]!), guide.pois[0]!.keypad_code)).toBe(true);
    // The markers fit in the map's box on first load (SPEC §2: fits all POIs).
    const box = (await map.boundingBox())!;
    for (const poi of mapped) {
      const b = (await marker(map, poi).boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
      expect(b.y).toBeGreaterThanOrEqual(box.y);
      expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
    }
  });

  test('in a guide without a scavenger hunt each pin shows its code in its head', async ({
    page,
    request,
  }) => {
    const token = 'chicago-riverwalk-sculpture';
    const hunts = await (await request.get(`/api/v1/scavenger_hunts?guide__token=${token}`)).json();
    expect(hunts).toEqual([]);
    const guide = await guideFromApi(request, token);
    const map = await openMap(page, token);
    for (const poi of guide.pois.filter((p) => !p.hide_map)) {
      const m = marker(map, poi);
      await expect(m).toHaveText(`${poi.keypad_code}`);
      // A code pin: the pin and the code, no icon glyph.
      await expect(m.locator('svg')).toHaveCount(1);
      expect(await codeOnTop(m, poi.keypad_code)).toBe(true);
    }
  });

  test('a click selects the stop (its marker grows to 100 px) and opens its info window; Visit opens the detail', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const map = await openMap(page);
    // The first stop is selected when the list loads: 100 px, the others 50 px.
    const first = marker(map, guide.pois[0]!);
    await expect(first).toHaveAttribute('aria-current', 'true');
    expect(Math.round((await first.boundingBox())!.width)).toBe(100);
    await zoomIn(page, map, 2);
    const target = await reachableMarker(page, map, [
      `Stop ${guide.pois[0]!.keypad_code}: ${guide.pois[0]!.title}`,
    ]);
    expect(Math.round((await target.boundingBox())!.width)).toBe(50);
    const label = (await target.getAttribute('aria-label'))!;
    const poi = guide.pois.find((p) => label === `Stop ${p.keypad_code}: ${p.title}`)!;
    await target.click({ position: { x: 25, y: 18 } });

    await expect(target).toHaveAttribute('aria-current', 'true');
    await expect.poll(async () => Math.round((await target.boundingBox())!.height)).toBe(100);
    expect(Math.round((await first.boundingBox())!.width)).toBe(50);
    await expect(first).not.toHaveAttribute('aria-current');
    // The carousel and the player follow the selection (it is the visit's, not the map's).
    await expect(page.getByRole('region', { name: `Selected stop: ${poi.title}` })).toBeVisible();

    const popup = map.locator('.leaflet-popup');
    await expect(popup).toContainText(poi.title);
    await expect(popup).toContainText(poi.subtitle);
    await popup.getByRole('button', { name: 'Visit' }).click();
    await expect(popup).toHaveCount(0);
    await expect(page.getByRole('dialog')).toContainText(poi.title);
  });

  test('keyboard: a marker shows its title on focus, Enter selects it and moves to Visit', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const map = await openMap(page);
    const poi = guide.pois[2]!;
    const m = marker(map, poi);
    await m.focus();
    await expect(map.locator('.leaflet-tooltip')).toHaveText(poi.title);
    await page.keyboard.press('Enter');
    await expect(m).toHaveAttribute('aria-current', 'true');
    const visit = map.locator('.leaflet-popup').getByRole('button', { name: 'Visit' });
    await expect(visit).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(map.locator('.leaflet-popup')).toHaveCount(0);
    await expect(m).toBeFocused();
  });

  test('the title shows on hover', async ({ page, request }) => {
    const guide = await guideFromApi(request);
    const map = await openMap(page);
    await zoomIn(page, map, 2);
    const target = await reachableMarker(page, map, []);
    const label = (await target.getAttribute('aria-label'))!;
    await target.hover({ position: { x: 25, y: 18 } });
    const poi = guide.pois.find((p) => label === `Stop ${p.keypad_code}: ${p.title}`)!;
    await expect(map.locator('.leaflet-tooltip')).toHaveText(poi.title);
  });

  test('a stop picked in the carousel is brought into view on the map', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const map = await openMap(page);
    await zoomIn(page, map, 3);
    const last = guide.pois.filter((p) => !p.hide_map).at(-1)!;
    const m = marker(map, last);
    const inView = async () => {
      const box = (await map.boundingBox())!;
      const b = await m.boundingBox();
      return !!b && b.y >= box.y && b.y + b.height <= box.y + box.height;
    };
    expect(await inView()).toBe(false);
    await page
      .getByRole('region', { name: 'Stops', exact: true })
      .getByRole('button', { name: new RegExp(`^Stop ${last.keypad_code}: `) })
      .click();
    await expect(m).toHaveAttribute('aria-current', 'true');
    await expect.poll(inView).toBe(true);
  });

  test('a map that loads hidden behind the list fits the stops once it is shown', async ({
    page,
    request,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'the list replaces the map on phones only');
    const guide = await guideFromApi(request);
    await openMap(page);
    const views = page.getByRole('group', { name: 'Show the stops' });
    await views.getByRole('button', { name: 'List' }).click();
    // Away to the directory and back, in the app (the visit keeps the list view), so the map
    // is made again while hidden.
    await page.evaluate(() => {
      history.pushState(null, '', `${location.pathname}/directory`);
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/directory$/);
    await page.goBack();
    await expect(page.getByRole('region', { name: /^Map of / })).toBeHidden();
    await views.getByRole('button', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: /^Map of / });
    const box = (await map.boundingBox())!;
    for (const poi of guide.pois.filter((p) => !p.hide_map)) {
      const m = marker(map, poi);
      await expect
        .poll(async () => {
          const b = await m.boundingBox();
          return !!b && b.y >= box.y && b.y + b.height <= box.y + box.height;
        })
        .toBe(true);
    }
  });

  test('the route is drawn as a line through its points', async ({ page, request }) => {
    const guide = await guideFromApi(request);
    expect(guide.route.length).toBeGreaterThan(1);
    const map = await openMap(page);
    const line = map.locator('.leaflet-overlay-pane path[class*="_route_"]');
    await expect(line).toHaveCount(1);
    // A line of several segments (Leaflet drops points closer than a pixel at this zoom)
    // running the length of the walk: from below the first stop to above the last.
    const d = (await line.getAttribute('d'))!;
    expect((d.match(/L/g) ?? []).length).toBeGreaterThan(2);
    const path = (await line.boundingBox())!;
    const south = (await marker(map, guide.pois[0]!).boundingBox())!;
    const north = (await marker(map, guide.pois.at(-1)!).boundingBox())!;
    expect(path.y).toBeLessThanOrEqual(north.y + north.height);
    expect(path.y + path.height).toBeGreaterThanOrEqual(south.y + south.height - 2);
  });

  test('the layers control hides and shows stops, warns when none is on, and Enable All restores them', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const mapped = guide.pois.filter((p) => !p.hide_map);
    const map = await openMap(page);
    const layer = guide.layers[0]!;
    const inLayer = mapped.filter((p) => p.layer_id === layer.id || p.metadata.includes(layer.id));
    const elsewhere = mapped.filter(
      (p) => p.layer_id !== layer.id && !p.metadata.includes(layer.id),
    );
    expect(inLayer.length).toBeGreaterThan(0);

    await map.getByRole('button', { name: 'Layers', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Layers' });
    await panel.getByRole('checkbox', { name: layer.name }).click();
    await expect(panel.getByRole('checkbox', { name: layer.name })).not.toBeChecked();
    await expect(markers(map)).toHaveCount(elsewhere.length);
    await expect(marker(map, inLayer[0]!)).toHaveCount(0);

    await panel.getByRole('button', { name: 'Hide all' }).click();
    await expect(markers(map)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(map.getByRole('button', { name: 'Layers (no layers selected)' })).toBeVisible();
    const banner = map.getByRole('status').filter({ hasText: 'No Layers Selected' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Enable All' }).click();
    await expect(markers(map)).toHaveCount(mapped.length);
    await expect(map.getByText('No Layers Selected')).toHaveCount(0);
    await expect(map.getByRole('button', { name: 'Layers', exact: true })).toBeVisible();
  });

  test('Enable All is reachable with the layers list open and the Register banner showing', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const mapped = guide.pois.filter((p) => !p.hide_map);
    // As a new visitor sees it: past the splash, the 'Register to take part' banner still up.
    await page.addInitScript(() => {
      localStorage.setItem(
        'earshot-languages',
        JSON.stringify({ state: { byGuide: { 'riverfront-sculpture-walk': 'en' } }, version: 0 }),
      );
    });
    await page.goto(`/guide/${TOKEN}`);
    const enter = page.getByRole('button', { name: 'Tap to Enter' });
    await expect(enter).toHaveAttribute('aria-disabled', 'false');
    await enter.click();
    const register = page.getByRole('complementary', { name: 'Take part' });
    await expect(register).toBeVisible();
    const map = page.getByRole('region', { name: /^Map of / });
    await expect(markers(map).first()).toBeVisible();

    await map.getByRole('button', { name: 'Layers', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Layers' });
    // Every layer of the open list can be used (the banner does not cover it): a trial click
    // fails when something else would take the pointer...
    for (const layer of guide.layers)
      await panel.getByRole('checkbox', { name: layer.name }).click({ trial: true, timeout: 3000 });
    await panel.getByRole('checkbox', { name: guide.layers.at(-1)!.name }).click();
    await expect(
      panel.getByRole('checkbox', { name: guide.layers.at(-1)!.name }),
    ).not.toBeChecked();
    await panel.getByRole('button', { name: 'Hide all' }).click();
    await expect(markers(map)).toHaveCount(0);
    const banner = map.getByRole('status').filter({ hasText: 'No Layers Selected' });
    await expect(banner).toBeVisible();
    await expect(panel).toBeVisible();
    await expect(register).toBeVisible();
    // ...and the list stops short of the 'No Layers Selected' banner.
    const a = (await panel.boundingBox())!;
    const b = (await banner.getByRole('button', { name: 'Enable All' }).boundingBox())!;
    const apart =
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    expect(apart).toBe(true);
    // Playwright clicks only what the pointer would really reach (nothing on top of it).
    await banner.getByRole('button', { name: 'Enable All' }).click();
    await expect(markers(map)).toHaveCount(mapped.length);
    await expect(map.getByText('No Layers Selected')).toHaveCount(0);
    await expect(map.getByRole('button', { name: 'Layers', exact: true })).toBeVisible();

    // A tablet in between (the banners' layouts change at 600 and 900 px) does the same.
    await page.setViewportSize({ width: 768, height: 1024 });
    if (!(await panel.isVisible()))
      await map.getByRole('button', { name: 'Layers', exact: true }).click();
    await panel.getByRole('button', { name: 'Hide all' }).click();
    await expect(register).toBeVisible();
    await banner.getByRole('button', { name: 'Enable All' }).click();
    await expect(markers(map)).toHaveCount(mapped.length);
  });

  test('the badge and hunt controls count the guide’s badges and hunt challenges', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    const hunts = (await (
      await request.get(`/api/v1/scavenger_hunts?guide__token=${TOKEN}`)
    ).json()) as { name: string; challenges: number[] }[];
    const challenges = hunts.reduce((n, h) => n + h.challenges.length, 0);
    expect(guide.badges.length).toBeGreaterThan(0);
    expect(challenges).toBeGreaterThan(0);
    const map = await openMap(page);

    const badges = map.getByRole('button', { name: `Badges: ${guide.badges.length}` });
    await expect(badges).toHaveText(`${guide.badges.length}`);
    await badges.click();
    const badgePanel = page.getByRole('dialog', { name: 'Badges' });
    // The control opens the badges overlay (e2e/tests/badges.spec.ts).
    for (const b of guide.badges) await expect(badgePanel).toContainText(b.name);
    await expect(
      badgePanel
        .getByRole('list', { name: `Levels of ${guide.badges[0]!.name}` })
        .getByRole('listitem'),
    ).toHaveCount(guide.badges[0]!.levels.length);
    await page.keyboard.press('Escape');

    // The hunt control opens the guide's hunt screen (participation: e2e/tests/answers.spec.ts).
    const hunt = map.getByRole('link', { name: `Scavenger hunt: ${challenges} challenges` });
    await expect(hunt).toHaveText(`${challenges}`);
    await hunt.click();
    await expect(page).toHaveURL(/\/scavenger_hunt$/);
    await expect(page.getByRole('heading', { name: hunts[0]!.name })).toBeVisible();
    await expect(
      page.getByLabel(`${hunts[0]!.challenges.length} challenges`, { exact: true }),
    ).toBeVisible();
  });

  test('the fullscreen control shows the map alone on the screen and back', async ({ page }) => {
    const map = await openMap(page);
    await map.getByRole('button', { name: 'Show the map full screen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label')))
      .toMatch(/^Map of /);
    // The layers list opens inside the full-screen map (a list drawn outside it would not show).
    await map.getByRole('button', { name: 'Layers', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Layers' });
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => document.fullscreenElement?.contains(el) ?? false)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await map.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  test('the controls stack top right at the SPEC offsets: 40 px, then 10 px between them', async ({
    page,
  }) => {
    const map = await openMap(page);
    const box = (await map.boundingBox())!;
    const stack = map.getByRole('group', { name: 'Map controls' }).getByRole('button');
    const tops = await stack.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(tops[0]!.top - box.y).toBeCloseTo(40, 0);
    for (let i = 1; i < tops.length; i++)
      expect(tops[i]!.top - tops[i - 1]!.bottom).toBeCloseTo(10, 0);
  });
});

test.describe('geolocate with location allowed', () => {
  test.use({ permissions: ['geolocation'], geolocation: NEAR });

  test('goes ENABLED and shows the visitor; pressed again it turns off', async ({ page }) => {
    const map = await openMap(page);
    const control = map.getByRole('button', { name: 'Show my location' });
    await expect(control).toHaveAttribute('data-state', 'DISABLED');
    await control.click();
    const on = map.getByRole('button', { name: 'Hide my location' });
    await expect(on).toHaveAttribute('data-state', 'ENABLED');
    await expect(on).toHaveAttribute('aria-pressed', 'true');
    await expect(map.getByRole('img', { name: 'Your location' })).toBeVisible();
    await expect(map.locator('.leaflet-overlay-pane path[class*="_accuracy_"]')).toHaveCount(1);
    await on.click();
    await expect(map.getByRole('button', { name: 'Show my location' })).toHaveAttribute(
      'data-state',
      'DISABLED',
    );
    await expect(map.getByRole('img', { name: 'Your location' })).toHaveCount(0);
  });
});

test.describe('geolocate remembered on, with location allowed', () => {
  // About 5 km east of the walk: out of view at the stops' own fit on a phone or a desktop.
  test.use({
    permissions: ['geolocation'],
    geolocation: { latitude: 45.515, longitude: -122.61, accuracy: 30 },
  });

  test('a returning visitor who had it on sees the stops and themselves fitted on first load', async ({
    page,
    request,
  }) => {
    const guide = await guideFromApi(request);
    await page.addInitScript(() => localStorage.setItem('earshot-geolocate', 'on'));
    const map = await openMap(page);
    await expect(map.getByRole('button', { name: 'Hide my location' })).toHaveAttribute(
      'data-state',
      'ENABLED',
    );
    const me = map.getByRole('img', { name: 'Your location' });
    await expect(me).toBeVisible();
    const box = (await map.boundingBox())!;
    const inside = async (l: Locator) => {
      const b = await l.boundingBox();
      return !!b && b.x >= box.x && b.x + b.width <= box.x + box.width && b.y >= box.y;
    };
    await expect.poll(() => inside(me)).toBe(true);
    for (const poi of guide.pois.filter((p) => !p.hide_map))
      expect(await inside(marker(map, poi))).toBe(true);
  });
});

test.describe('geolocate with location refused', () => {
  test.use({ permissions: [] });

  test('is UNAVAILABLE, and stays so when pressed', async ({ page }) => {
    const map = await openMap(page);
    // SPEC §4: UNAVAILABLE when the permission is missing, known before any press.
    const control = map.getByRole('button', { name: /^Location unavailable/ });
    await expect(control).toHaveAttribute('data-state', 'UNAVAILABLE');
    // A press asks again (the visitor may have changed the setting): still refused.
    await control.click();
    await expect(control).toHaveAttribute('data-state', 'UNAVAILABLE');
    await expect(map.getByRole('img', { name: 'Your location' })).toHaveCount(0);
  });
});

test.describe('axe-core finds no violation on the map', () => {
  for (const dark of [false, true])
    test(`with a stop's info window and the layers panel open, ${dark ? 'dark' : 'light'}`, async ({
      page,
      request,
    }) => {
      const guide = await guideFromApi(request);
      await persistTheme(page, dark);
      const map = await openMap(page);
      if (dark) await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const m = marker(map, guide.pois[1]!);
      await m.focus();
      await page.keyboard.press('Enter');
      await expect(map.locator('.leaflet-popup')).toBeVisible();
      await map.getByRole('button', { name: 'Layers', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Layers' })).toBeVisible();
      expect(await axeViolations(page, ['[aria-label^="Map of "]'])).toEqual([]);
    });
});
