import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { toCsv } from '../../packages/core/src/index.js';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { moveTo, preload } from '../helpers/field';
import { button, expectPlaying, pick, player } from '../helpers/guide-player';
import {
  newDraft,
  publishedGuide,
  report,
  section,
  shootBoth,
  STOPS,
  tableOf,
} from '../helpers/insights-dashboard';
import { newPublisher, signedInAs } from '../helpers/studio';

// The insights dashboard (docs/insights.md) after one scripted visit in Chromium, all
// through the real calls: a guide only this spec visits is published through the studio's API,
// a visitor plays two stops (one tapped, one reached by emulated location) and saves the guide
// for offline, and its publisher's dashboard shows exactly those counts.

test.use({ serviceWorkers: 'allow', permissions: ['geolocation'] });
test.describe.configure({ timeout: 240_000 });

const figure = (page: Page, label: string): Locator =>
  page
    .getByRole('list', { name: 'Figures for this period' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${label}`) });

test('the dashboard shows exactly what one scripted visit did', async ({
  page,
  context,
  browser,
  request,
}) => {
  const { publisher, organisation } = await newPublisher(request, 'Ida Insights');
  const guide = await publishedGuide(request, publisher, organisation);
  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const studio = await desk.newPage();
  await signedInAs(studio, publisher);
  const dashboard = `/studio/guides/${guide.token}/insights`;

  // A guide never published says so.
  const draftOnly = await newDraft(request, publisher, organisation, 'Unpublished Harbour Notes');
  await studio.goto(`/studio/guides/${draftOnly}/insights`);
  await expect(
    studio.getByRole('heading', { name: 'This guide is not published yet' }),
  ).toBeVisible();
  await shootBoth(studio, 'never-published', 'light');

  // The guide list links to the dashboard.
  await studio.goto('/studio');
  await studio.getByRole('link', { name: `Insights of ${guide.title}` }).click();
  await expect(studio).toHaveURL(new RegExp(`${dashboard}$`));

  // Before any visit: the empty period, and what to try.
  for (const dark of [false, true]) {
    await persistTheme(studio, dark);
    await studio.goto(dashboard);
    await expect(studio.getByRole('heading', { name: 'No visits in this period' })).toBeVisible();
    await expect(studio.getByRole('button', { name: 'Show the last 90 days' })).toBeVisible();
    await shootBoth(studio, 'empty', dark ? 'dark' : 'light');
  }

  // The visit: entered, the first stop tapped and played, the second reached by location
  // (which plays it), then the guide saved for offline.
  const away = { lat: STOPS[0]!.lat - 1500 / 111_320, lng: STOPS[0]!.lng };
  await context.setGeolocation({ latitude: away.lat, longitude: away.lng, accuracy: 10 });
  await page.goto(`/guide/${guide.token}`);
  const tap = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(tap).toHaveAttribute('aria-disabled', 'false');
  await tap.click();
  await page
    .getByRole('dialog', { name: 'Choose a language' })
    .getByRole('button', { name: 'English' })
    .click();
  await expect(player(page)).toBeVisible();
  await pick(page, STOPS[0]!.title);
  await button(page, 'Play').click();
  await expectPlaying(page);
  // The stop's page closes; its audio plays on in the player.
  await page.getByRole('button', { name: 'Close the stop' }).click();
  await page.getByRole('button', { name: 'Show my location' }).click();
  await expect(page.getByRole('button', { name: 'Hide my location' })).toBeVisible();
  for (let k = 0; k < 4; k++) await moveTo(context, page, STOPS[1]!);
  await expect(player(page)).toContainText(STOPS[1]!.title);
  await expectPlaying(page);
  await preload(page, guide.token);

  // The events reach the server (sent at once while online); the report is read until it has
  // them all, then the dashboard must show the same.
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  await expect(async () => {
    const r = await report(request, publisher, guide.token, today);
    // Listeners are visits that started any audio: this one visit.
    expect(r.current.totals).toMatchObject({
      visits: 1,
      listeners: 1,
      preloads: 1,
      reached_by_location: 1,
    });
  }).toPass({ timeout: 60_000 });

  // Three anonymous events with invented visit ids and no token (docs/security.md): refused,
  // counted for the publisher, and none of them a visit.
  const refused = await request.post('/api/v1/insights/events/', {
    data: {
      events: [0, 1, 2].map((i) => ({
        id: crypto.randomUUID(),
        visit_id: crypto.randomUUID(),
        guide_token: guide.token,
        kind: 'stop-select',
        poi_token: guide.stops[i],
        trigger: 'tap',
        language: 'en',
        day: today,
        hour: 12,
      })),
    },
  });
  expect(await refused.json()).toEqual({ accepted: 0, duplicates: 0, rejected: 3 });

  await persistTheme(studio, false);
  await studio.goto(dashboard);
  await expect(figure(studio, 'Visits')).toContainText(/^Visits1/);
  await expect(figure(studio, 'Visits')).toContainText('before 0');
  await expect(
    studio.getByText(
      'Not counted: 3 events received in this period (3 not from a visit opened in the app). The figures here leave them out.',
      { exact: true },
    ),
  ).toBeVisible();
  await shootBoth(studio, 'refused', 'light');
  await expect(figure(studio, 'Listeners')).toContainText(/^Listeners1/);
  await expect(figure(studio, 'Saved for offline')).toContainText(/^Saved for offline1/);
  await expect(figure(studio, 'Reached by location')).toContainText(/^Reached by location1/);
  await expect(figure(studio, 'Shares')).toContainText(/^Shares0/);

  // Drop-off along the route: the visit reached the first two stops, not the third.
  expect(await tableOf(studio, 'Drop-off along the route')).toEqual([
    ['1', STOPS[0]!.title, '1', '100'],
    ['2', STOPS[1]!.title, '1', '100'],
    ['3', STOPS[2]!.title, '0', '0'],
  ]);
  // Listeners and audio starts per stop: one each at the two played stops.
  const listeners = await tableOf(studio, 'Listeners and completion per stop');
  expect(listeners.map((r) => r.slice(0, 4))).toEqual([
    ['1', STOPS[0]!.title, '1', '1'],
    ['2', STOPS[1]!.title, '1', '1'],
    ['3', STOPS[2]!.title, '0', '0'],
  ]);
  // Reached by location: the second stop only.
  const attention = await tableOf(studio, 'Stops by attention');
  expect(attention.map((r) => [r[1], r[4]])).toEqual([
    [STOPS[0]!.title, '0'],
    [STOPS[1]!.title, '1'],
    [STOPS[2]!.title, '0'],
  ]);
  // How they were started (columns tap, keypad, location, autoplay, link): the second stop's
  // selection and audio by location; the first stop's audio by Play. The first stop is made
  // ready as the guide opens, so tapping it opens its page (a selection or not: the visitor
  // app's call), hence at least one tap there.
  const starts = await tableOf(studio, 'How stops are started');
  expect(Number(starts[0]![2])).toBeGreaterThanOrEqual(1);
  expect(starts[0]!.slice(3)).toEqual(['0', '0', '0', '0']);
  expect(starts[1]!.slice(2)).toEqual(['0', '0', '2', '0', '0']);
  expect(starts[2]!.slice(2)).toEqual(['0', '0', '0', '0', '0']);
  // Where it came from: the guide's address opened from outside the app, a shared link; the
  // second stop opened by location.
  expect((await tableOf(studio, 'Where visitors came from'))[1]).toEqual([
    'Shared link',
    '1',
    '0',
    'New',
  ]);
  expect((await tableOf(studio, 'Where stops were opened from'))[1]![8]).toBe('1');

  // The CSV of a table is that table.
  const download = studio.waitForEvent('download');
  await section(studio, 'Drop-off along the route')
    .getByRole('button', { name: 'Download CSV of Drop-off along the route' })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${guide.token}-drop-off-.*\\.csv$`));
  expect(readFileSync((await file.path())!, 'utf8')).toBe(
    '\uFEFF' +
      toCsv([
        ['Order', 'Stop', 'Visits', 'Share of visits (%)'],
        [1, STOPS[0]!.title, 1, 100],
        [2, STOPS[1]!.title, 1, 100],
        [3, STOPS[2]!.title, 0, 0],
      ]),
  );

  // The keyboard reaches a chart's table toggle and opens it.
  await studio.goto(dashboard);
  const hours = section(studio, 'Hours of the day');
  const hoursToggle = hours.getByRole('button', { name: 'Table view' });
  await hoursToggle.focus();
  await studio.keyboard.press('Enter');
  await expect(hoursToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(hours.getByRole('table', { name: 'Hours of the day' })).toBeVisible();
  await studio.keyboard.press('Space');
  await expect(hoursToggle).toHaveAttribute('aria-pressed', 'false');

  // The range and language are in the URL: a preset, then back.
  await studio.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(studio).toHaveURL(/\?days=7$/);
  await expect(figure(studio, 'Visits')).toContainText(/^Visits1/);
  await studio.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await expect(studio).toHaveURL(/\?days=7&language=en$/);
  await expect(figure(studio, 'Visits')).toContainText(/^Visits1/);
  expect(await axeViolations(studio)).toEqual([]);

  for (const dark of [false, true]) {
    await persistTheme(studio, dark);
    await studio.goto(dashboard);
    await expect(figure(studio, 'Visits')).toContainText(/^Visits1/);
    await shootBoth(studio, 'data', dark ? 'dark' : 'light');
  }
  await desk.close();
});
