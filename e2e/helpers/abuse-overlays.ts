import { expect, type Locator, type Page } from '@playwright/test';

// Checks of tests/abuse-xss.spec.ts on what shows a stored hostile title (docs/security.md):
// Leaflet's tooltips and popups, markers and their dialogs.

/** Elements a title's markup would make, were it put in as HTML. */
const MADE = ['meta', 'img', 'a', 'style', 'script', 'iframe', 'object', 'embed', 'svg'];

/**
 * `within` holds no element a hostile title could have made (but `allowed`, its own), and the
 * page neither a refresh, a link to the hostile host, nor a style sheet of a payload; the page
 * is still shown (a payload's style sheet hides it).
 */
export async function expectNoMarkupFrom(page: Page, within: Locator, allowed: string[] = []) {
  const made = MADE.filter((t) => !allowed.includes(t)).join(', ');
  expect(await within.locator(made).count(), 'elements from a title').toBe(0);
  const live = await page.evaluate(() =>
    [
      ...document.querySelectorAll('meta[http-equiv], a[href^="https://evil.example"]'),
      ...[...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('__xss')),
    ].map((e) => e.outerHTML.slice(0, 100)),
  );
  expect(live, 'markup of a title in the page').toEqual([]);
  await expect(page.locator('body')).toBeVisible();
}

/** Presses Tab until `target` has the keyboard's focus (at most `max` times). */
export async function tabTo(page: Page, target: Locator, max = 80) {
  for (let n = 0; n < max; n++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the marker');
}

/** The tooltip Leaflet opened for `marker` (it names it in the marker's aria-describedby). */
export async function tooltipOf(marker: Locator): Promise<Locator> {
  await expect(marker).toHaveAttribute('aria-describedby', /^leaflet-tooltip-\d+$/);
  const id = (await marker.getAttribute('aria-describedby'))!;
  return marker.page().locator(`[id="${id}"]`);
}

/** `tip` lies inside `map`'s box (a long title is wrapped and moved into view, not cut off). */
export async function expectInside(tip: Locator, map: Locator) {
  const [t, m] = [(await tip.boundingBox())!, (await map.boundingBox())!];
  expect(t.x, 'the tooltip starts inside the map').toBeGreaterThanOrEqual(m.x);
  expect(t.x + t.width, 'the tooltip ends inside the map').toBeLessThanOrEqual(m.x + m.width);
}
