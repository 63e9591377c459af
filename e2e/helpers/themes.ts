import { expect, type Locator, type Page } from '@playwright/test';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { bumpContentVersion } from '../../apps/server/src/modules/content/version-repository.js';

export const SHOTS = '/work/shots/themes';

/**
 * Writes a guide's theme column through the server's own database layer (the importer refuses
 * hostile themes, so a test that needs one stored puts it there), bumping the content version
 * in the same transaction as an import does, so the server's response cache drops its copy.
 */
export async function storeGuideTheme(token: string, theme: unknown | null): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  const handle = openDatabase({ dataDir });
  try {
    await handle.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('guides')
        .set({ theme: theme === null ? null : JSON.stringify(theme) })
        .where('token', '=', token)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new Error(`No guide ${token}`);
      await bumpContentVersion(trx);
    });
  } finally {
    await handle.db.destroy();
  }
}

/** A CSS custom property as an element (the page's root by default) sees it. */
export const cssVar = (page: Page, name: string, el?: Locator) =>
  (el ?? page.locator('html')).evaluate(
    (e, n) => getComputedStyle(e).getPropertyValue(n).trim(),
    name,
  );

/** One computed style property of an element. */
export const computed = (el: Locator, property: string) =>
  el.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);

/** Whether the guide theme marker is on `<html>`. */
export const themed = (page: Page) =>
  page.locator('html').evaluate((e) => e.hasAttribute('data-guide-theme'));

export async function expectUnthemed(page: Page) {
  await expect.poll(() => themed(page)).toBe(false);
  expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
}
