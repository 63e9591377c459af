import { expect, test } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { enterGuide, GUIDE } from '../helpers/guide';
import { preload } from '../helpers/field';
import { computed, cssVar, expectUnthemed, SHOTS, themed } from '../helpers/themes';

// A guide's theme while it is open (decision 0010). The flagship ships a client brand
// (content/demo/riverfront-sculpture-walk: terracotta, its own dark colours, class rules);
// Chicago Loop Architecture names the built-in mono theme.
const BRAND = { primary: '#9c3b1b', darkPrimary: '#f0a27a', bg: '#f7f2ec' };
const APP = { primary: '#0f5f73', darkPrimary: '#6cc6d9' };

let huntId: number;
let challengeId: number;
test.beforeAll(async ({ request }) => {
  const hunts = (await (
    await request.get('/api/v1/scavenger_hunts?guide__token=riverfront-sculpture-walk')
  ).json()) as { id: number; challenges: number[] }[];
  huntId = hunts[0]!.id;
  challengeId = hunts[0]!.challenges[0]!;
});

test('the brand styles the splash, guide screen, player, a dialog, hunt and challenge pages, and goes on leaving', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectUnthemed(page);
  const homeBody = await computed(page.locator('body'), 'background-color');

  // The splash (a first visit: no language stored) in the brand's colours.
  await page.goto(GUIDE);
  const splash = page.locator('.es-splash');
  await expect(splash).toBeVisible();
  await expect.poll(() => cssVar(page, '--primary', splash)).toBe(BRAND.primary);
  expect(await themed(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/guide-splash-phone-light.png` });
  await page.getByRole('button', { name: 'Tap to Enter' }).click();
  await expect(page.getByRole('button', { name: 'Tap to Enter' })).toBeHidden();

  // The guide's language dialog (portalled out of the screen, still in the brand).
  const language = page.getByRole('dialog', { name: 'Choose a language' });
  await expect(language).toBeVisible();
  await expect(language).toHaveClass(/es-dialog/);
  expect(await cssVar(page, '--primary', language)).toBe(BRAND.primary);
  expect(await computed(language, 'background-color')).toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: `${SHOTS}/guide-language-phone-light.png` });
  await language.getByRole('button', { name: 'English' }).click();
  await expect(language).toBeHidden();

  // The guide screen: the body in the brand's background, the class rules on header and cards.
  expect(await computed(page.locator('body'), 'background-color')).toBe('rgb(247, 242, 236)');
  expect(await computed(page.locator('body'), 'background-color')).not.toBe(homeBody);
  const card = page.locator('.es-card').first();
  await expect(card).toBeVisible();
  expect(await computed(card, 'border-top-left-radius')).toBe('20px');
  expect(await computed(card.locator('.es-card-title'), 'font-weight')).toBe('700');
  expect(await computed(page.locator('.es-header'), 'box-shadow')).toContain('rgb(200, 100, 60)');
  const player = page.locator('.es-player');
  await expect(player).toBeVisible();
  expect(await cssVar(page, '--primary', player)).toBe(BRAND.primary);
  await expect(page.locator('.es-marker').first()).toBeVisible();
  expect(await cssVar(page, '--primary', page.locator('.es-marker').first())).toBe(BRAND.primary);
  await page.screenshot({ path: `${SHOTS}/guide-phone-light.png` });

  // Another of its dialogs.
  await page.getByRole('button', { name: 'Share this guide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveClass(/es-dialog/);
  expect(await cssVar(page, '--primary', dialog)).toBe(BRAND.primary);
  await page.screenshot({ path: `${SHOTS}/guide-share-phone-light.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The guide's hunt and challenge pages know their guide.
  await page.goto(`/hunt/${huntId}`);
  const hunt = page.locator('.es-hunt');
  await expect(hunt).toBeVisible();
  await expect.poll(() => cssVar(page, '--primary', hunt)).toBe(BRAND.primary);
  await page.goto(`/challenge/${challengeId}`);
  await expect(page.locator('.es-hunt')).toBeVisible();
  await expect.poll(() => cssVar(page, '--primary')).toBe(BRAND.primary);

  // Leaving the guide takes the theme away (in-app navigation, no reload).
  await page.getByRole('link', { name: 'Earshot, all guides' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectUnthemed(page);
  expect(await cssVar(page, '--primary')).toBe(APP.primary);
  expect(await computed(page.locator('body'), 'background-color')).toBe(homeBody);
});

test('dark mode takes the dark- colours only; axe finds nothing, light and dark', async ({
  page,
}) => {
  test.setTimeout(240_000);
  for (const dark of [false, true]) {
    await persistTheme(page, dark);
    await enterGuide(page);
    await expect(page.locator('.es-card').first()).toBeVisible();
    await expect
      .poll(() => cssVar(page, '--primary'))
      .toBe(dark ? BRAND.darkPrimary : BRAND.primary);
    if (dark) expect(await cssVar(page, '--bg')).toBe('#16110e');
    const mode = dark ? 'dark' : 'light';
    await page.screenshot({ path: `${SHOTS}/guide-phone-${mode}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Share this guide' }).click();
    await expect(page.getByRole('dialog', { name: 'Sharing' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`/hunt/${huntId}`);
    await expect(page.locator('.es-hunt')).toBeVisible();
    await expect.poll(() => themed(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterGuide(page);
    await expect(page.locator('.es-card').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/guide-desktop-${mode}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
  }
});

test('a guide naming the built-in mono theme gets its greys', async ({ page }) => {
  await page.goto('/guide/chicago-loop-architecture');
  await expect.poll(() => cssVar(page, '--primary')).toBe('#333333');
  expect(await cssVar(page, '--bg')).toBe('#f4f4f4');
});

test('a theme that fails to load is logged and the app colours are used', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // The browser fails the request (our server is not stood in for).
  await page.route('**/api/v1/guides/*/theme', (route) => route.abort('failed'));
  await enterGuide(page);
  await expect(page.locator('.es-card').first()).toBeVisible();
  await expect
    .poll(() => errors.some((e) => e.includes('The guide theme did not load')))
    .toBe(true);
  await expectUnthemed(page);
  expect(await cssVar(page, '--primary')).toBe(APP.primary);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test.describe.configure({ timeout: 120_000 });

  test('a saved guide keeps its theme offline', async ({ page, context }) => {
    await preload(page, 'chicago-loop-architecture');
    await expect.poll(() => cssVar(page, '--primary')).toBe('#333333');
    await page.goto('/');
    await expectUnthemed(page);
    await context.setOffline(true);
    await page.goto('/guide/chicago-loop-architecture');
    await expect.poll(() => themed(page)).toBe(true);
    expect(await cssVar(page, '--primary')).toBe('#333333');
    await context.setOffline(false);
  });
});
