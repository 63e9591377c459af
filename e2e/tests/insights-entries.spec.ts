import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { toCsv } from '../../packages/core/src/index.js';
import { persistTheme } from '../helpers/budgets';
import { button, expectPlaying } from '../helpers/guide-player';
import {
  publishedGuide,
  report,
  section,
  shootBoth,
  SHOTS,
  signLink,
  STOPS,
  tableOf,
} from '../helpers/insights-dashboard';
import { newPublisher, signedInAs } from '../helpers/studio';

// Where visitors came from (docs/insights.md "Entries"), all through the real calls: three
// visitors reach one guide — a sign's QR code, search, the city's list — and its publisher's
// dashboard counts each visit and the stop the sign opened under its entry, beside the
// previous period, in its tables and their CSV.

test.use({ serviceWorkers: 'allow' });
// Two preloads (each saves the guide's media and map tiles) on a busy machine: minutes.
test.describe.configure({ timeout: 360_000 });

/** A visitor of their own (a fresh device: no visit kept from another). */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** The confirm dialog's Visit (one button per language), then Enter on the preload screen. */
async function visitFromDialog(page: Page, title: string, token: string) {
  await page.getByRole('button', { name: title }).click();
  await page
    .getByRole('dialog', { name: title })
    .getByRole('button', { name: /^(Visit|English)$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/preload/${token}$`));
  await page.getByRole('button', { name: 'Enter' }).click({ timeout: 90_000 });
  await expect(page).toHaveURL(new RegExp(`/guide/${token}$`));
  await expect(page.getByRole('region', { name: 'Audio player' })).toBeVisible();
}

test('the dashboard says where visitors came from: a sign, search and a city list', async ({
  browser,
  request,
}) => {
  const { publisher, organisation } = await newPublisher(request, 'Edda Entries');
  const city = { name: 'Cannon Beach', state: 'Oregon' };
  const guide = await publishedGuide(request, publisher, organisation, {
    city,
    name: 'Tidepool Entries Walk',
  });
  const sign = await signLink(request, publisher, guide.token, guide.stops[1]!);

  // A sign scanned: the server's redirect marks it, the app counts it and shows a clean address.
  const scanned = await visitor(browser);
  await scanned.goto(sign);
  await expect(scanned).toHaveURL(new RegExp(`/guide/${guide.token}/${guide.stops[1]}$`));
  await button(scanned, 'Play').click();
  await expectPlaying(scanned);

  // Search results, the confirm dialog, the preload screen.
  const searched = await visitor(browser);
  await searched.goto(`/search/${encodeURIComponent('Tidepool Entries')}`);
  await visitFromDialog(searched, guide.title, guide.token);

  // The city's list.
  const listed = await visitor(browser);
  await listed.goto(`/city/${encodeURIComponent(city.name.toLowerCase())}`);
  await visitFromDialog(listed, guide.title, guide.token);

  const today = await listed.evaluate(() => new Date().toLocaleDateString('sv'));
  await expect(async () => {
    const r = await report(request, publisher, guide.token, today);
    expect(r.current.totals.visits).toBe(3);
    expect(r.current.entries).toEqual({ sign: 1, link: 0, list: 1, search: 1, map: 0 });
    expect(r.current.stops[1]!.entries).toMatchObject({ sign: 1, link: 0 });
  }).toPass({ timeout: 60_000 });

  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const studio = await desk.newPage();
  await signedInAs(studio, publisher);
  await studio.goto(`/studio/guides/${guide.token}/insights`);
  const came = section(studio, 'Where visitors came from');
  await expect(came.getByText('3 visits: sign 33%, guide lists 33%, search 33%.')).toBeVisible();
  await expect(came).toContainText('From signs: 1 visit, up from none in the previous period.');
  for (const dark of [false, true]) {
    await persistTheme(studio, dark);
    await studio.reload();
    await came.scrollIntoViewIfNeeded();
    await shootBoth(studio, 'entries-chart', dark ? 'dark' : 'light');
    // The two cards themselves at phone size, to look at closely.
    for (const [name, card] of [
      ['card-came-from', came],
      ['card-opened-from', section(studio, 'Where stops were opened from')],
    ] as const)
      await card.screenshot({
        path: `${SHOTS}/entries-${name}-phone-${dark ? 'dark' : 'light'}.png`,
      });
  }
  expect(await tableOf(studio, 'Where visitors came from')).toEqual([
    ['Sign', '1', '0', 'New'],
    ['Shared link', '0', '0', 'No change'],
    ['Guide lists', '1', '0', 'New'],
    ['Search', '1', '0', 'New'],
    ['World map', '0', '0', 'No change'],
    ['Not known', '0', '0', 'No change'],
  ]);
  // The sign's stop opened from its sign (the first stop is made ready as a guide opens, not
  // chosen: no opening).
  const opened = await tableOf(studio, 'Where stops were opened from');
  expect(opened[1]!.slice(0, 4)).toEqual(['2', STOPS[1]!.title, '1', '0']);
  expect(opened.at(-1)!.slice(1, 4)).toEqual(['All stops', '1', '0']);
  await expect(section(studio, 'Where stops were opened from')).toContainText(
    `Most opened from its sign: 2. ${STOPS[1]!.title} (1).`,
  );
  await shootBoth(studio, 'entries-tables', 'light');

  // The CSV of a table is that table, the previous period beside.
  const download = studio.waitForEvent('download');
  // From the keyboard, as tableOf presses its toggles (a phone's click lands on an earlier card).
  await section(studio, 'Where visitors came from')
    .getByRole('button', { name: 'Download CSV of Where visitors came from' })
    .focus();
  await studio.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${guide.token}-entries-.*\\.csv$`));
  expect(readFileSync((await file.path())!, 'utf8')).toBe(
    '\uFEFF' +
      toCsv([
        ['Came from', 'Visits', 'Previous period', 'Change'],
        ['Sign', 1, 0, 'New'],
        ['Shared link', 0, 0, 'No change'],
        ['Guide lists', 1, 0, 'New'],
        ['Search', 1, 0, 'New'],
        ['World map', 0, 0, 'No change'],
        ['Not known', 0, 0, 'No change'],
      ]),
  );
  await desk.close();
});
