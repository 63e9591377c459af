import { expect, test, type Page } from '@playwright/test';
import { hostileWorld, SHOTS, TAG, watchForScript, type HostileWorld } from '../helpers/abuse';
import { signedInAs } from '../helpers/participation';

// Issue 21 point 6: the XSS corpus (apps/server/test/fixtures/xss-corpus.json: script tags,
// event handlers, javascript: URLs, SVG and MathML, broken-out attributes, entity and
// full-width tricks) in every publisher-written text of a guide published through the studio,
// and in a visitor's display name and text answer, runs no script on any screen that shows
// them, under the real CSP: no canary, no dialog, no CSP violation, no live hostile markup.

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
