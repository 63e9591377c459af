import { expect, type Page } from '@playwright/test';

export const GUIDE = '/guide/riverfront-sculpture-walk';

/** The flagship guide entered as a returning visitor (English chosen), past the splash. */
export async function enterGuide(page: Page, path = GUIDE): Promise<void> {
  await page.addInitScript(() => {
    try {
      localStorage.setItem(
        'earshot-languages',
        JSON.stringify({ state: { byGuide: { 'riverfront-sculpture-walk': 'en' } }, version: 0 }),
      );
    } catch {
      // about:blank has no storage.
    }
  });
  await page.goto(path);
  if (path === GUIDE) {
    await page.getByRole('button', { name: 'Tap to Enter' }).click();
    await expect(page.getByRole('button', { name: 'Tap to Enter' })).toBeHidden();
  }
}
