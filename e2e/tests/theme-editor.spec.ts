import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { computed, cssVar, SHOTS } from '../helpers/themes';

// /theme, the theme editor for publishers (SPEC §2).
const preview = (page: Page) => page.locator('[data-theme-preview]');
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function open(page: Page) {
  await page.goto('/theme');
  await expect(page.getByRole('heading', { name: 'Theme editor', level: 1 })).toBeVisible();
  await expect(preview(page)).toBeVisible();
}

test('start from a built-in, edit a colour live, see a contrast warning and a bad class, copy and download the JSON', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  expect(await cssVar(page, '--primary', preview(page))).toBe('#0f5f73');

  // A built-in: its colours and class rules reach the preview (and nothing else).
  await page.getByLabel('Start from').selectOption('clown');
  await expect.poll(() => cssVar(page, '--primary', preview(page))).toBe('#b0124f');
  const card = preview(page).locator('.es-card').first();
  expect(await computed(card, 'border-top-style')).toBe('dashed');
  expect(await cssVar(page, '--primary')).toBe('#0f5f73');
  expect(await computed(page.locator('.es-header').first(), 'box-shadow')).toBe('none');

  // A colour by its text field, then by its picker: the preview follows.
  await field(page, 'primary').fill('#225522');
  await expect.poll(() => cssVar(page, '--primary', preview(page))).toBe('#225522');
  await page.getByLabel('primary colour picker', { exact: true }).fill('#aa0000');
  await expect(field(page, 'primary')).toHaveValue('#aa0000');
  await expect.poll(() => cssVar(page, '--primary', preview(page))).toBe('#aa0000');

  // Text below WCAG AA on its background is flagged.
  await field(page, 'text-muted').fill('#dddddd');
  const warning = page.getByRole('status').filter({ hasText: 'Low contrast' });
  await expect(warning).toContainText('text-muted on bg');
  await expect(warning).toContainText('below WCAG AA (4.5:1)');
  await field(page, 'text-muted').fill('#5a3a10');
  await expect(warning).toBeHidden();

  // A colour that is not one, and a class rule that breaks the rules: told at the field.
  await field(page, 'bg').fill('url(javascript:alert(1))');
  await expect(page.getByText("must not contain the text 'script'")).toBeVisible();
  await expect(field(page, 'bg')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Add a class rule' }).click();
  const selector = page.getByRole('textbox', { name: 'Selector 4', exact: true });
  await selector.fill('.a, body');
  await expect(selector).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^selector must be a hook class/)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Properties of selector 2', exact: true })
    .fill('box-shadow: 0 4px 0 #ffc400\nposition: fixed');
  await expect(page.getByText(/^position: is not a property a theme may set/)).toBeVisible();
  await expect(page.getByText('3 entries have problems and are left out.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-problems-phone-light.png`, fullPage: true });

  // The JSON: what a bundle accepts, copied and downloaded.
  const json = await page.getByRole('textbox', { name: 'Theme JSON' }).inputValue();
  const theme = JSON.parse(json) as {
    name: string;
    colors: Record<string, string>;
    classes: Record<string, Record<string, string>>;
  };
  expect(theme.name).toBe('clown');
  expect(theme.colors.primary).toBe('#aa0000');
  expect(theme.colors.bg).toBeUndefined();
  expect(theme.classes['.a, body']).toBeUndefined();
  expect(theme.classes['.es-header']).toEqual({ 'box-shadow': '0 4px 0 #ffc400' });
  await page.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(page.getByText('Theme JSON copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(json);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('clown.theme.json');
  expect(JSON.parse(await readFile((await file.path())!, 'utf8'))).toEqual(theme);
});

test("start from a guide's theme, preview in dark", async ({ page }) => {
  await open(page);
  await page
    .getByLabel('Start from')
    .selectOption({ label: 'Willamette Riverfront Sculpture Walk' });
  await expect(field(page, 'primary')).toHaveValue('#9c3b1b');
  await expect(field(page, 'Client id (optional)')).toHaveValue('riverfront-arts-council');
  await expect.poll(() => cssVar(page, '--primary', preview(page))).toBe('#9c3b1b');
  await page.getByRole('button', { name: 'Dark', exact: true }).click();
  await expect.poll(() => cssVar(page, '--primary', preview(page))).toBe('#f0a27a');
  expect(await cssVar(page, '--bg', preview(page))).toBe('#16110e');
});

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  test(`the editor has no axe violations (${mode}), phone and desktop`, async ({ page }) => {
    await persistTheme(page, dark);
    await open(page);
    await page
      .getByLabel('Start from')
      .selectOption({ label: 'Willamette Riverfront Sculpture Walk' });
    await expect(field(page, 'primary')).toHaveValue('#9c3b1b');
    await page.screenshot({ path: `${SHOTS}/editor-phone-${mode}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/editor-desktop-${mode}.png` });
    await page.screenshot({ path: `${SHOTS}/editor-desktop-${mode}-full.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
}
