import { expect, test, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';

// SPEC §2 test pages: /splash_test, /keypad_test and /guide_list_test show the app's own splash,
// keypad and guide list on data shipped with the page, each with a heading and a way home, online
// and (below) offline.

const SPLASH_TITLE = 'Lantern Hill Sculpture Trail';
const STOPS = [
  ['123', 'Lantern Post'],
  ['456', 'Stone Fountain'],
  ['789', 'Old Mill Wheel'],
] as const;

const splash = (page: Page) => page.getByRole('dialog', { name: SPLASH_TITLE });
const keypad = (page: Page) => page.getByRole('dialog', { name: /^(Keypad|Directory)$/ });
const key = (page: Page, name: string) => keypad(page).getByRole('button', { name, exact: true });

/** Every request the page makes to our API (a test page must make none). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
  });
  return calls;
}

/** The page's heading and its way back to the home screen. */
async function expectFrame(page: Page, title: string) {
  await expect(page).toHaveTitle(new RegExp(`^${title}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('link', { name: 'All guides', exact: true })).toHaveAttribute(
    'href',
    '/',
  );
}

test.describe('test pages (SPEC §2)', () => {
  test('/splash_test holds the splash 50,000 ms, Tap to Enter works, and it shows again', async ({
    page,
  }) => {
    const calls = apiCalls(page);
    await page.clock.install();
    await page.goto('/splash_test');
    await expect(splash(page)).toBeVisible();
    await expect(splash(page).getByRole('button', { name: 'Tap to Enter' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    // Held: still there past the guide's own 1 s and long after, gone by itself at 50 s (the
    // exact 50,000 ms on the app's clock is apps/web/test/splash-dialog.test.tsx's).
    await page.clock.runFor(48_000);
    await expect(splash(page)).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(splash(page)).toBeHidden();
    await expectFrame(page, 'Splash test');
    await expect(page.getByRole('status')).toHaveText('The splash is closed.');

    await page.getByRole('button', { name: 'Show the splash' }).click();
    await expect(splash(page)).toBeVisible();
    await page.clock.runFor(1_100);
    await splash(page).getByRole('button', { name: 'Tap to Enter' }).click();
    await expect(splash(page)).toBeHidden();
    expect(calls).toEqual([]);

    await page.getByRole('link', { name: 'All guides', exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test('/keypad_test: 123, 456 and 789 announce the stop they matched; others are refused', async ({
    page,
  }) => {
    const calls = apiCalls(page);
    await page.clock.install();
    await page.goto('/keypad_test');
    await expectFrame(page, 'Keypad test');
    const match = page.getByTestId('keypad-test-match');
    await expect(match).toHaveText('No number matched yet.');

    for (const [code, title] of STOPS) {
      await page.getByRole('button', { name: 'Open the keypad' }).click();
      await expect(keypad(page)).toBeVisible();
      await expect(page).toHaveURL(/#keypad$/);
      // Keys of the pad for the first, the keyboard for the others.
      if (code === '123') for (const d of code) await key(page, d).click();
      else await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      // The dialog's live region says what the number matched.
      const status = page.getByTestId('keypad-status');
      await expect(status).toHaveAttribute('role', 'status');
      await expect(status).toHaveText(title);
      await expect(page.getByTestId('keypad-display')).toHaveAttribute('data-state', 'success');
      // As in a guide, the keypad closes after the 5 s auto-visit; the page keeps the match.
      await page.clock.runFor(5_100);
      await expect(keypad(page)).toBeHidden();
      await expect(match).toHaveText(`Last match: ${code}, ${title}`);
      await expect(page).not.toHaveURL(/#keypad$/);
    }

    await page.getByRole('button', { name: 'Open the keypad' }).click();
    await page.keyboard.type('124');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('keypad-status')).toHaveText('No stop with number 124');
    await expect(page.getByTestId('keypad-display')).toHaveAttribute('data-state', 'invalid');
    // The browser's back button closes it (SPEC §2).
    await page.goBack();
    await expect(keypad(page)).toBeHidden();
    await expect(match).toHaveText('Last match: 789, Old Mill Wheel');

    // The directory lists the three stops by number; picking one matches it.
    await page.getByRole('button', { name: 'Open the directory' }).click();
    const list = keypad(page).getByRole('list', { name: 'Stops by number' });
    await expect(list.getByRole('button')).toHaveText(STOPS.map(([c, t]) => `${c}${t}Test stop`));
    await list.getByRole('button', { name: /Stone Fountain/ }).click();
    await expect(page.getByTestId('keypad-status')).toHaveText('Stone Fountain');
    expect(calls).toEqual([]);
  });

  test('/guide_list_test: the guide list on its own sample guides, grouped and flat', async ({
    page,
  }) => {
    const calls = apiCalls(page);
    await page.goto('/guide_list_test');
    await expectFrame(page, 'Guide list test');
    await expect(page.getByRole('heading', { level: 2, name: 'Sample guides' })).toBeVisible();
    await expect(page.getByText('24 guides in 8 cities')).toBeVisible();
    // More than 20: grouped by city, with the alphabet bar and the sort header.
    const cities = page.getByRole('list', { name: 'Cities' });
    await expect(cities.getByRole('button', { name: /^Ashford, Oregon: 3 guides$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sorted by City, ascending' })).toBeVisible();
    await page.getByRole('button', { name: 'Cities starting with H' }).click();
    await expect(page.getByRole('button', { name: /^Harbor City,/ })).toBeFocused();
    await page.getByRole('button', { name: /^Harbor City,/ }).click();
    await cities.getByRole('button', { name: /^Harbor City Sculpture Walk/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You picked' })).toHaveText(
      'You picked Harbor City Sculpture Walk.',
    );

    // The fuzzy search runs over the sample guides.
    await page.getByRole('searchbox', { name: 'Search guides' }).fill('Mural Loop');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('button', {
        name: 'Ashford Mural Loop',
      }),
    ).toBeVisible();

    // 20 or fewer: a flat list of cards, search cleared.
    await page.getByRole('button', { name: '6 guides, flat' }).click();
    await expect(page.getByRole('button', { name: '6 guides, flat' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('searchbox', { name: 'Search guides' })).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Guides' }).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('list', { name: 'Cities' })).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('each test page has its own page shell from the server', async ({ request }) => {
    for (const [path, title] of [
      ['/splash_test', 'Splash test'],
      ['/keypad_test', 'Keypad test'],
      ['/guide_list_test', 'Guide list test'],
    ] as const) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title>${title} · Earshot</title>`);
      expect(html, path).toContain('Loading the test page');
    }
  });

  for (const dark of [false, true]) {
    test(`axe finds nothing on the test pages, their splash and keypad open (${dark ? 'dark' : 'light'})`, async ({
      page,
    }) => {
      await persistTheme(page, dark);
      await page.goto('/splash_test');
      await expect(splash(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.waitForTimeout(1100);
      await splash(page).getByRole('button', { name: 'Tap to Enter' }).click();
      await expect(splash(page)).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/keypad_test');
      await expectFrame(page, 'Keypad test');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Open the keypad' }).click();
      await page.keyboard.type('456');
      await expect(page.getByTestId('keypad-status')).toHaveText('Stone Fountain', {
        timeout: 10_000,
      });
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/guide_list_test');
      await expect(page.getByRole('list', { name: 'Cities' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '6 guides, flat' }).click();
      await expect(page.getByRole('list', { name: 'Guides' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('test pages offline', () => {
  // The service worker is on here (playwright.config.ts blocks it elsewhere): it precaches the
  // app's scripts and keeps the page shell, which is all a test page needs.
  test.use({ serviceWorkers: 'allow' });

  test('once the app is cached, each test page works with the network off', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    try {
      await page.goto('/splash_test');
      await expect(splash(page)).toBeVisible();
      // Its picture is part of the page: it shows offline too.
      expect(
        await splash(page)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true);
      await page.waitForTimeout(1100);
      await splash(page).getByRole('button', { name: 'Tap to Enter' }).click();
      await expectFrame(page, 'Splash test');

      await page.goto('/keypad_test');
      await expectFrame(page, 'Keypad test');
      await page.getByRole('button', { name: 'Open the keypad' }).click();
      await page.keyboard.type('789');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('keypad-status')).toHaveText('Old Mill Wheel');

      await page.goto('/guide_list_test');
      await expectFrame(page, 'Guide list test');
      await expect(
        page.getByRole('list', { name: 'Cities' }).getByRole('button', { name: /^Ashford,/ }),
      ).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search guides' }).fill('History Trail');
      await expect(
        page.getByRole('list', { name: 'Search results' }).getByRole('button', {
          name: 'Ashford History Trail',
        }),
      ).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
