// What the guide figures share: the browser, entering a guide as a visitor does, and the
// statistics.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './server.js';

export const FLAGSHIP = 'riverfront-sculpture-walk';
export const PHONE = { width: 390, height: 844 };

/** Chromium as the e2e suite runs it: sound may start without a gesture (as after a tap). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });

/**
 * A phone-sized context. tsx keeps function names by wrapping named functions in a `__name`
 * helper, also inside the functions handed to page.evaluate: each page gets a no-op one.
 */
export async function phoneContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return context;
}

export const median = (xs: number[]) => quantile(xs, 0.5);
export const p95 = (xs: number[]) => quantile(xs, 0.95);
/** The nearest-rank quantile: a value that was measured, never an interpolation. */
export function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

/** Opens a guide and gets past its splash ('Tap to Enter') and language choice ('English'). */
export async function enterGuide(page: Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/guide/${token}`);
  // The splash can be dismissed after 1000 ms (SPEC §2): until then its button says so.
  const tap = page.locator('button[aria-disabled="false"]', { hasText: 'Tap to Enter' });
  await tap.waitFor({ timeout: 20_000 });
  await tap.click();
  const english = page.getByRole('dialog').getByRole('button', { name: 'English', exact: true });
  await english.waitFor({ timeout: 10_000 });
  await english.click();
  await english.waitFor({ state: 'detached', timeout: 10_000 });
  await page.getByRole('region', { name: 'Stops', exact: true }).waitFor({ timeout: 10_000 });
}
