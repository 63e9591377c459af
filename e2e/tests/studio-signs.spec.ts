import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { preload } from '../helpers/field';
import { button, expectPlaying, player } from '../helpers/guide-player';
import { publishedGuide, STOPS } from '../helpers/insights-dashboard';
import { goOffline } from '../helpers/network';
import { shootSizes, shotsDir } from '../helpers/shots';
import { newPublisher, signedInAs } from '../helpers/studio';

// Signs for the street (docs/studio.md "Signs") as a publisher makes them and a visitor scans
// them: the studio's dialog, the PDF the server makes, its QR code read off a raster of the
// page as a phone's camera would, and the stop it opens playing.

const CITY = { name: 'Medford', state: 'Oregon' };
const SHOTS = shotsDir('studio-signs');

/** Page `n` of the PDF as a PNG (pdftoppm, as a printer's raster) and its QR code's text. */
function qrOfPage(pdf: string, n: number): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'earshot-sign-'));
  try {
    execFileSync('pdftoppm', ['-r', '100', '-png', '-f', `${n}`, '-l', `${n}`, pdf, `${dir}/p`]);
    const file = execFileSync('ls', [dir]).toString().trim().split('\n')[0]!;
    const png = PNG.sync.read(readFileSync(path.join(dir, file)));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pdfPages = (pdf: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
/** The PDF's words, one space between each (a long title wraps on a small sign). */
const pdfText = (pdf: string) =>
  execFileSync('pdftotext', [pdf, '-']).toString().replace(/\s+/g, ' ');

async function saved(download: Download, dir: string) {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

const makePdf = async (page: Page) => {
  const dialog = page.getByRole('dialog');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Make PDF' }).click();
  return downloading;
};

test('a publisher prints the signs of chosen stops and of one, and a scan opens the stop and plays', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { publisher, organisation } = await newPublisher(request);
  const guide = await publishedGuide(request, publisher, organisation, {
    city: CITY,
    name: 'Pear Blossom Signs Walk',
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'earshot-signs-'));
  try {
    await signedInAs(page, publisher);
    await page.goto(`/studio/guides/${guide.token}`);
    await page.getByRole('tab', { name: /^Stops/ }).click();
    await page.getByRole('button', { name: 'Print signs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print signs' });
    await expect(dialog).toBeVisible();
    const list = dialog.getByRole('group', { name: /^Stops/ });
    await expect(list.getByRole('checkbox')).toHaveCount(3);
    await expect(dialog.getByText('3 signs on 3 pages')).toBeVisible();
    // None of the stops has a sign yet: each gets its link with the first sheet.
    await expect(list.getByText('New link')).toHaveCount(3);

    // Two of the three stops, two a page, on A4.
    await list.getByRole('checkbox', { name: new RegExp(STOPS[1]!.title) }).uncheck();
    await dialog.getByRole('group', { name: 'Paper' }).getByRole('button', { name: 'A4' }).click();
    await dialog.getByRole('button', { name: 'Halves' }).click();
    await expect(dialog.getByText('2 signs on 1 page')).toBeVisible();
    const sheet = await saved(await makePdf(page), dir);
    expect(path.basename(sheet)).toBe(`${guide.token}-signs.pdf`);
    await expect(dialog.getByRole('status')).toHaveText(
      'Your sheet is downloading: 2 signs on 1 page.',
    );
    expect(pdfPages(sheet)).toBe(1);
    const text = pdfText(sheet);
    expect(text).toContain(STOPS[0]!.title);
    expect(text).toContain(STOPS[2]!.title);
    expect(text).not.toContain(STOPS[1]!.title);
    expect(text).toContain('Scan to listen');
    // The links the sheet made are listed beside their stops now.
    await expect(list.getByText(/^\/s\/[0-9A-Z]{6}$/)).toHaveCount(2);

    for (const dark of [false, true]) {
      const look = dark ? 'dark' : 'light';
      await persistTheme(page, dark);
      await page.reload();
      await page.getByRole('tab', { name: /^Stops/ }).click();
      await page.getByRole('button', { name: 'Print signs' }).click();
      await expect(dialog.getByText(/^\/s\/[0-9A-Z]{6}$/)).toHaveCount(2);
      await shootSizes(page, SHOTS, 'signs-dialog', look);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // One stop's sign, from its own form: a full page.
    await page.getByRole('button', { name: 'Print its sign' }).click();
    const one = page.getByRole('dialog', { name: 'Print this stop’s sign' });
    await expect(one).toBeVisible();
    await expect(one.getByText(STOPS[0]!.title)).toBeVisible();
    await expect(one.getByText('1 sign on 1 page')).toBeVisible();
    await shootSizes(page, SHOTS, 'signs-dialog-one', 'dark');
    const single = await saved(await makePdf(page), dir);
    expect(pdfPages(single)).toBe(1);

    // The camera's view: the QR code of the single sign is the stop's short link, the one
    // written under the code and on the first sheet.
    const scanned = qrOfPage(single, 1);
    expect(scanned).toMatch(/^https?:\/\/[^/]+\/s\/[0-9A-Z]{6}$/);
    const link = new URL(scanned!);
    expect(pdfText(single)).toContain(`${link.host}${link.pathname}`);
    expect(text).toContain(`${link.host}${link.pathname}`);

    // A visitor scans it: a phone of its own, no account.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const phone = await visitor.newPage();
      await phone.goto(link.pathname);
      await expect(phone).toHaveURL(new RegExp(`/guide/${guide.token}/${guide.stops[0]}$`));
      // A stop's own page has no splash: its player waits for the first tap.
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(STOPS[0]!.title);
      await expect(player(phone)).toContainText(STOPS[0]!.title);
      await button(phone, 'Play').click();
      await expectPlaying(phone);
    } finally {
      await visitor.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('offline, a saved guide’s sign opens its stop from the device; a sign of a guide not saved says so', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { publisher, organisation } = await newPublisher(request);
  const guide = await publishedGuide(request, publisher, organisation, {
    city: CITY,
    name: 'Pear Blossom Offline Walk',
  });
  const headers = { authorization: `Bearer ${publisher.token}` };
  const sheet = await request.post(`/api/v1/studio/guides/${guide.token}/signs`, {
    headers,
    data: { stops: [guide.stops[1]] },
  });
  expect(sheet.status(), await sheet.text()).toBe(200);
  const { links } = (await (
    await request.get(`/api/v1/studio/guides/${guide.token}/signs`, { headers })
  ).json()) as { links: { stop: string; url: string }[] };
  expect(links.map((l) => l.stop)).toEqual([guide.stops[1]]);
  const sign = new URL(links[0]!.url).pathname;

  // A visitor saves the guide before the walk, then has no signal at the sign.
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker?.controller);
    await preload(page, guide.token);
    await goOffline(context, page);
    await page.goto(sign);
    await expect(page).toHaveURL(new RegExp(`/guide/${guide.token}/${guide.stops[1]}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(STOPS[1]!.title);
    await button(page, 'Play').click();
    await expectPlaying(page);
    await page.screenshot({ path: `${SHOTS}/offline-sign-phone-light.png` });

    // Another guide's sign (a code this device holds no link for).
    await page.goto('/s/ZZZZZZ');
    await expect(page.getByText('This sign’s guide isn’t saved on this device')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
