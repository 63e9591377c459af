import { expect, test, type Page } from '@playwright/test';
import { plainTextProblem } from '../../packages/core/src/index.js';
import {
  hostileWorld,
  SHOTS,
  STOP_TITLES,
  TAG,
  watchForScript,
  type HostileWorld,
} from '../helpers/abuse';
import { expectInside, expectNoMarkupFrom, tabTo, tooltipOf } from '../helpers/abuse-overlays';
import { signedInAs } from '../helpers/participation';
import { chooseStop } from '../helpers/studio-stops';

// The abuse suite (docs/scale-out.md §5): the XSS corpus (apps/server/test/fixtures/
// xss-corpus.json: script tags, event handlers, javascript: URLs, SVG and MathML, broken-out
// attributes, entity and full-width tricks) in every publisher-written text of a guide published
// through the studio, and in a visitor's display name and text answer, runs no script on any screen
// that shows them, under the real CSP: no canary, no dialog, no CSP violation, no live hostile
// markup.
//
// A stop's title reached the guide map's marker tooltip as HTML (docs/security.md; Leaflet sets
// innerHTML from a string), and a title `<meta http-equiv="refresh">` sent the visitor off-site
// on hover, tap or focus. The importer now refuses markup in plain-text fields, so the guide is
// published with the payloads it takes, and then its plain-text rows and its studio draft get
// the corpus's markup through the server's database layer (helpers/abuse-rows.ts): they stand
// for rows stored before that rule, which every screen must still show as text. The tests at
// the end take those titles through every tooltip and popup: the guide map's marker (hover,
// keyboard focus, tap) and info window, the world map's marker, the studio's stop map and the
// insights map.

let w: HostileWorld;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  w = await hostileWorld(request);
});

/** Opens `path` and waits until a text of the hostile guide shows, then lets images fail. */
async function open(page: Page, path: string, shows = page.getByText(TAG).first()) {
  await page.goto(path);
  await expect(shows).toBeVisible({ timeout: 20_000 });
  // Broken <img onerror> and <details ontoggle> would fire within a frame or two.
  await page.waitForTimeout(400);
}

const enterPastSplash = async (page: Page) => {
  const tap = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(tap).toHaveAttribute('aria-disabled', 'false', { timeout: 20_000 });
  await tap.click();
  await expect(tap).toBeHidden();
};

test('the server sends the corpus only escaped in its page shells', async ({ request }) => {
  for (const path of [`/guide/${w.token}`, `/guide/${w.token}/${w.stops[0]}`, w.previewUrl]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<script>window\.__xss|onerror=|<svg onload/i);
  }
  const city = encodeURIComponent(w.document.guide.city.name);
  const cityHtml = await (await request.get(`/city/${city}`)).text();
  expect(cityHtml).not.toMatch(/<script>window\.__xss|onerror=|<svg onload/i);
});

test('a visitor: lists, the guide, its stops, badges, hunt and challenges run nothing', async ({
  page,
}) => {
  const watch = await watchForScript(page);
  await signedInAs(page, w.visitor);

  await open(page, `/search/${encodeURIComponent('XSS')}`);
  await watch.expectInert('the search results');

  // The guide screen: its splash (title and city), then the map, carousel and list.
  await page.goto(`/guide/${w.token}`);
  await expect(page.getByText(TAG).first()).toBeVisible({ timeout: 20_000 });
  await watch.expectInert('the guide splash');
  await enterPastSplash(page);
  await expect(page.getByText(TAG).first()).toBeVisible();
  await page.waitForTimeout(400);
  await watch.expectInert('the guide screen');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('region', { name: 'List of stops' })).toBeVisible();
  await page.waitForTimeout(300);
  await watch.expectInert('the stop list');

  // A stop's own page, every tab.
  await open(page, `/guide/${w.token}/${w.stops[0]}`);
  for (const name of ['Description', 'Gallery', 'Challenge', 'Transcript']) {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.waitForTimeout(300);
    await watch.expectInert(`the stop's ${name} tab`);
  }
  await page.screenshot({ path: `${SHOTS}/stop-phone-light.png`, fullPage: true });

  // The badges overlay of the guide's map.
  await page.goto(`/guide/${w.token}`);
  await enterPastSplash(page);
  const badges = page.getByRole('button', { name: /^Badges: / }).first();
  await badges.click();
  await expect(page.getByRole('dialog', { name: 'Badges' })).toBeVisible();
  await page.waitForTimeout(300);
  await watch.expectInert('the badges overlay');

  // The hunt, the answered text challenge (the visitor's own hostile answer) and the choice.
  await open(page, `/hunt/${w.hunt}`);
  await watch.expectInert('the hunt');
  for (const c of w.challenges) {
    await open(page, `/challenge/${c.id}`);
    await watch.expectInert(`the ${c.resourcetype} page`);
  }
  await page.screenshot({ path: `${SHOTS}/challenge-phone-light.png`, fullPage: true });

  // The drawer, which greets the visitor by their (hostile) name.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await page.waitForTimeout(300);
  await watch.expectInert('the drawer');
});

test('the publisher: the studio editor, its phone preview, insights and the preview link run nothing', async ({
  page,
}) => {
  const watch = await watchForScript(page);
  await signedInAs(page, w.publisher);
  await page.goto(`/studio/guides/${w.token}`);
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(800);
  await watch.expectInert('the studio editor');
  await page.screenshot({ path: `${SHOTS}/studio-editor-phone-light.png`, fullPage: true });

  await page.goto(`/studio/guides/${w.token}/insights`);
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(400);
  await watch.expectInert('the insights dashboard');

  await page.goto(w.previewUrl);
  await expect(page.getByText(TAG).first()).toBeVisible({ timeout: 20_000 });
  await enterPastSplash(page);
  await page.waitForTimeout(400);
  await watch.expectInert('the preview link');
});

// The stored hostile titles through every tooltip and popup.

/** The guide screen past its splash, its map's marker of stop `i` (1-based in its name). */
async function guideMap(page: Page, path: string) {
  await page.goto(path);
  await enterPastSplash(page);
  const map = page.getByRole('region', { name: /^Map of / });
  const markerOf = (i: number) =>
    map.getByRole('button', { name: `Stop ${i + 1}: ${STOP_TITLES[i]}`, exact: true });
  await expect(markerOf(0)).toBeVisible({ timeout: 20_000 });
  return { map, markerOf };
}

test("the guide map shows stored hostile titles as text: each marker's tooltip on hover, keyboard focus and tap, and its info window", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const watch = await watchForScript(page);
  await signedInAs(page, w.visitor);
  const path = `/guide/${w.token}`;
  const { map, markerOf } = await guideMap(page, path);

  for (const [i, title] of STOP_TITLES.entries()) {
    await markerOf(i).hover();
    // A title put in as HTML would have sent the page off by now (the hole a security probe found).
    await page.waitForTimeout(300);
    expect(watch.seen, `hovering stop ${i + 1}`).toEqual([]);
    const tip = await tooltipOf(markerOf(i));
    await expect(tip).toHaveText(title);
    await expectNoMarkupFrom(page, tip);
    await expectInside(tip, map);
    if (i === 0) await page.screenshot({ path: `${SHOTS}/map-tooltip-phone-light.png` });
  }
  await page.mouse.move(1, 1);

  for (const [i, title] of STOP_TITLES.entries()) {
    await tabTo(page, markerOf(i));
    await page.waitForTimeout(300);
    expect(watch.seen, `focusing stop ${i + 1} by the keyboard`).toEqual([]);
    const tip = await tooltipOf(markerOf(i));
    await expect(tip).toHaveText(title);
    await expectNoMarkupFrom(page, tip);
  }

  for (const [i, title] of STOP_TITLES.entries()) {
    // Each tap on the map as it opens: an info window pans the map, which may take the next
    // marker under the carousel.
    const { map, markerOf } = await guideMap(page, path);
    const popup = map.locator('.leaflet-popup-content');
    await markerOf(i).tap();
    await page.waitForTimeout(300);
    expect(watch.seen, `tapping stop ${i + 1}`).toEqual([]);
    await expect(popup.locator('p').first()).toHaveText(title);
    await expect(popup.getByRole('button', { name: `Visit ${title}`, exact: true })).toBeVisible();
    await expectNoMarkupFrom(page, popup);
    await expectNoMarkupFrom(page, await tooltipOf(markerOf(i)));
    await popup.getByRole('button', { name: /^Visit / }).focus();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
  }
  await watch.expectInert("the guide map's tooltips and info windows");
  expect(new URL(page.url()).pathname, 'the page did not navigate').toBe(path);
});

test('at desktop size too, a hovered marker shows its stored hostile title as text', async ({
  browser,
}) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desk.newPage();
  const watch = await watchForScript(page);
  await signedInAs(page, w.visitor);
  const path = `/guide/${w.token}`;
  const { map, markerOf } = await guideMap(page, path);
  await markerOf(0).hover();
  await page.waitForTimeout(300);
  expect(watch.seen, 'hovering stop 1').toEqual([]);
  const tip = await tooltipOf(markerOf(0));
  await expect(tip).toHaveText(STOP_TITLES[0]!);
  await expectNoMarkupFrom(page, tip);
  await expectInside(tip, map);
  await page.screenshot({ path: `${SHOTS}/map-tooltip-desktop-light.png` });
  await watch.expectInert('the guide map at desktop size');
  expect(new URL(page.url()).pathname, 'the page did not navigate').toBe(path);
  await desk.close();
});

test('the world map shows the stored hostile guide title as text on its marker', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const watch = await watchForScript(page);
  const path = '/map';
  await page.goto(`${path}?lat=${w.at.lat}&lng=${w.at.lng}&zoom=15`);
  const marker = page.getByRole('button', { name: w.title, exact: true });
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await expect(marker).toHaveAttribute('title', w.title);
  await marker.hover();
  await marker.focus();
  await page.waitForTimeout(300);
  // The pin is the marker's own SVG.
  await expectNoMarkupFrom(page, marker, ['svg']);
  await marker.tap();
  // The confirm dialog titles itself with it (its description is HTML, sanitised).
  const heading = page.getByRole('dialog').getByRole('heading', { name: w.title });
  await expect(heading).toHaveText(w.title);
  await page.waitForTimeout(300);
  await expectNoMarkupFrom(page, heading);
  await watch.expectInert('the world map');
  expect(new URL(page.url()).pathname, 'the page did not navigate').toBe(path);
});

test("the studio shows a stored hostile draft's titles as text on its stop map, each with the plain-text problem at its field", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const watch = await watchForScript(page);
  await signedInAs(page, w.publisher);
  const path = `/studio/guides/${w.token}`;
  await page.goto(path);
  await expect(page.getByText(plainTextProblem(w.title)!).first()).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('tab', { name: /^Stops/ }).click();
  for (const [i, title] of STOP_TITLES.entries()) {
    const pin = page.locator(`[data-stop="${w.draft.pois![i]!.token}"]`);
    await expect(pin).toHaveAttribute('title', `Stop ${i + 1}: ${title}`);
    await pin.hover();
    await pin.focus();
    await page.waitForTimeout(200);
    await expectNoMarkupFrom(page, pin, ['svg']);
  }
  // The chosen stop's form says what is wrong with its title, at the field.
  await chooseStop(page, 0);
  await expect(page.getByText(plainTextProblem(STOP_TITLES[0]!)!).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studio-stops-phone-light.png`, fullPage: true });
  await watch.expectInert("the studio's stop map");
  expect(new URL(page.url()).pathname, 'the page did not navigate').toBe(path);
});

test("the insights map shows stored hostile titles as text in its stops' tooltips", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // One visit, so that the dashboard draws its charts: the guide opened as a visitor opens it.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await visitor.newPage();
  const sent = guest.waitForResponse(
    (r) => r.url().includes('/api/v1/insights/events') && r.request().method() === 'POST',
  );
  await guest.goto(`/guide/${w.token}`);
  await enterPastSplash(guest);
  expect((await sent).ok()).toBe(true);
  await visitor.close();

  const watch = await watchForScript(page);
  await signedInAs(page, w.publisher);
  const path = `/studio/guides/${w.token}/insights`;
  const map = page.getByRole('region', { name: 'Map of the stops coloured by attention' });
  await expect
    .poll(
      async () => {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
        await page.waitForTimeout(500);
        return map.count();
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(1);
  for (const [i, title] of STOP_TITLES.entries()) {
    const disc = map.getByRole('img', { name: new RegExp(`^Stop ${i + 1}, `) });
    expect(await disc.getAttribute('aria-label')).toContain(`Stop ${i + 1}, ${title}: `);
    await disc.focus();
    const tip = await tooltipOf(disc);
    await expect(tip).toContainText(`Stop ${i + 1}, ${title}:`);
    await page.waitForTimeout(200);
    await expectNoMarkupFrom(page, tip);
  }
  await watch.expectInert('the insights map');
  expect(new URL(page.url()).pathname, 'the page did not navigate').toBe(path);
});
