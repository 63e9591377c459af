import { expect, type Page } from '@playwright/test';
import { axeViolations } from './budgets';

/** The two sizes the screens are looked at in: a phone and a desktop. */
export const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

/** A spec's screenshot folder: under E2E_SHOTS_DIR when set (to open them), else the results'. */
export const shotsDir = (name: string) =>
  `${process.env.E2E_SHOTS_DIR ?? 'test-results/shots'}/${name}`;

/**
 * Screenshots of the page at both sizes in its current look, axe finding nothing at each: what
 * the screen shows (a dialog over the page), or the whole page. The page ends at phone size.
 */
export async function shootSizes(
  page: Page,
  dir: string,
  name: string,
  look: string,
  { fullPage = false, settleMs = 150 } = {},
) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(settleMs);
    expect(await axeViolations(page), `${name} ${size} ${look}`).toEqual([]);
    await page.screenshot({ path: `${dir}/${name}-${size}-${look}.png`, fullPage });
  }
  await page.setViewportSize(SIZES[0][1]);
}
