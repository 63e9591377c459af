import { expect, test, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { enterGuide, GUIDE } from '../helpers/guide';

const GUIDE_TEXT = 'Walking the Willamette Riverfront Sculpture Walk with Earshot';

async function openGuideShare(page: Page) {
  await enterGuide(page);
  await page.getByRole('button', { name: 'Share this guide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the guide is shared with its own text, link, e-mail and social links', async ({ page }) => {
  const dialog = await openGuideShare(page);
  const url = new URL(GUIDE, page.url()).href;
  await expect(dialog.locator('blockquote')).toHaveText(GUIDE_TEXT);
  await expect(dialog.getByRole('link', { name: url })).toHaveAttribute('href', url);

  const mail = await dialog.getByRole('link', { name: 'E-mail' }).getAttribute('href');
  expect(mail).toMatch(/^mailto:\?subject=Check%20this%20out!&body=/);
  expect(decodeURIComponent(mail!.split('body=')[1]!)).toBe(`${GUIDE_TEXT}\n\n${url}`);

  const x = new URL((await dialog.getByRole('link', { name: /Share on X/ }).getAttribute('href'))!);
  expect(x.hostname).toBe('twitter.com');
  expect(x.searchParams.get('url')).toBe(url);
  expect(x.searchParams.get('text')).toBe(GUIDE_TEXT);
  // SPEC §5/§9: the product's hashtag, then the guide's photo_share_hashtag.
  expect(x.searchParams.get('hashtags')).toBe('Earshot,EarshotRiverfront');
  const fb = dialog.getByRole('link', { name: /Share on Facebook/ });
  expect(new URL((await fb.getAttribute('href'))!).searchParams.get('u')).toBe(url);
  const wa = dialog.getByRole('link', { name: /Share on WhatsApp/ });
  expect(new URL((await wa.getAttribute('href'))!).searchParams.get('text')).toContain(url);
  for (const link of await dialog.getByRole('link', { name: /^Share on / }).all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('copy shows the SPEC tooltips and puts the link on the clipboard', async ({ page }) => {
  const dialog = await openGuideShare(page);
  const url = new URL(GUIDE, page.url()).href;
  const copy = dialog.getByRole('button', { name: 'Copy link to clipboard' });
  await copy.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Copy link to clipboard');
  await copy.click();
  await expect(page.getByRole('tooltip')).toHaveText('Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test('the QR code toggles, is 240 px (60vw on phones) and opens full screen', async ({
  page,
}, testInfo) => {
  const dialog = await openGuideShare(page);
  const url = new URL(GUIDE, page.url()).href;
  const toggle = dialog.getByRole('button', { name: 'QR code', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const code = dialog.getByRole('img', { name: `QR code for ${url}` });
  await expect(code).toBeVisible();
  const box = (await code.boundingBox())!;
  const width = testInfo.project.name === 'phone' ? 390 * 0.6 : 240;
  expect(Math.round(box.width)).toBe(Math.round(width));

  await dialog.getByRole('button', { name: 'Show the QR code full screen' }).click();
  const full = page.getByRole('dialog', { name: 'QR code' });
  await expect(full).toBeVisible();
  // The full-screen code is drawn once the dialog is open, in place of a 'Making QR code'
  // placeholder: measure the code itself (the placeholder may be gone by the time it is read).
  const bigCode = full.getByRole('img', { name: `QR code for ${url}` });
  await expect(bigCode).toBeVisible();
  const big = (await bigCode.boundingBox())!;
  expect(big.width).toBeGreaterThan(box.width);
  await full.getByRole('button', { name: 'Close the full-screen QR code' }).click();
  await expect(full).toBeHidden();
  await expect(dialog).toBeVisible();

  await toggle.click();
  await expect(code).toBeHidden();
});

test("'Share…' hands text, link and picture to the Web Share API when the browser has it", async ({
  page,
}) => {
  // Chromium on Linux has no share sheet: this stands in for the browser's navigator.share,
  // recording what the page hands it (our server is not faked).
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    Object.assign(window, { shareCalls: calls });
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        calls.push({ ...data, files: data.files?.map((f) => [f.name, f.type]) });
        return Promise.resolve();
      },
    });
    Object.defineProperty(navigator, 'canShare', {
      value: (data: ShareData) => !data.files || data.files.every((f) => f.type === 'image/jpeg'),
    });
  });
  const dialog = await openGuideShare(page);
  const url = new URL(GUIDE, page.url()).href;
  await dialog.getByRole('button', { name: 'Share…' }).click();
  await page.waitForFunction(
    () => (window as unknown as { shareCalls: unknown[] }).shareCalls.length > 0,
  );
  const calls = await page.evaluate(
    () => (window as unknown as { shareCalls: unknown[] }).shareCalls,
  );
  expect(calls).toEqual([
    {
      title: 'Willamette Riverfront Sculpture Walk',
      text: GUIDE_TEXT,
      url,
      files: [[expect.stringMatching(/\.jpg$/), 'image/jpeg']],
    },
  ]);
});

test("without the Web Share API there is no 'Share…' button", async ({ page }) => {
  const dialog = await openGuideShare(page);
  const has = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(dialog.getByRole('button', { name: 'Share…' })).toHaveCount(has ? 1 : 0);
});

test('a stop is shared with the default text, and its link opens that stop', async ({ page }) => {
  await enterGuide(page, `${GUIDE}/rsw-03`);
  await expect(page.getByRole('heading', { name: 'Working River' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing' });
  await expect(dialog.locator('blockquote')).toHaveText('Check out this link!');
  const url = new URL(`${GUIDE}/rsw-03`, page.url()).href;
  await expect(dialog.getByRole('link', { name: url })).toBeVisible();

  // The shared links open the right guide and the right stop.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Working River' }).first()).toBeVisible();
  await page.goto(new URL(GUIDE, url).href);
  await expect(
    page.getByRole('heading', { name: 'Willamette Riverfront Sculpture Walk' }).first(),
  ).toBeAttached();
});

for (const dark of [false, true])
  test(`axe finds nothing on the Sharing dialog, ${dark ? 'dark' : 'light'}`, async ({ page }) => {
    await persistTheme(page, dark);
    const dialog = await openGuideShare(page);
    await dialog.getByRole('button', { name: 'QR code', exact: true }).click();
    await expect(dialog.getByRole('img', { name: /^QR code for / })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
