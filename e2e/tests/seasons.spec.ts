import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import type { Session } from '../helpers/participation';
import { signLink } from '../helpers/insights-dashboard';
import { newPublisher, serverDraft, signedInAs } from '../helpers/studio';
import { chooseStop, newGuide, shoot } from '../helpers/studio-stops';

// Seasons (docs/guide-bundle.md "Seasons") against the real server: a guide published through
// the studio's calls with dated stops, walked by a visitor whose clock is moved, in Oregon's
// time zone, so the last evening of December still shows a stop on view until December 31.

const GONE = '2026-12-31';
const ARRIVES = '2027-01-10';

async function publishDated(
  request: APIRequestContext,
  publisher: Session,
  token: string,
  outside: 'hide' | 'mark',
) {
  const { revision, document } = await serverDraft(request, publisher, token);
  const stop = (n: number, dates: Record<string, string>) => ({
    token: `${token}-stop-${n}`,
    lat: 44.0582 + n * 0.001,
    lng: -121.3153,
    keypad_code: 100 + n,
    ...dates,
    content: { en: { title: `Work ${n}`, description: '<p>Bronze.</p>' } },
  });
  const saved = await request.put(`/api/v1/studio/guides/${token}/draft`, {
    headers: { authorization: `Bearer ${publisher.token}` },
    data: {
      revision,
      document: {
        ...document,
        guide: {
          ...(document.guide as object),
          has_keypad: true,
          time_zone: 'America/Los_Angeles',
          outside_dates: outside,
        },
        pois: [stop(1, {}), stop(2, { on_view_until: GONE }), stop(3, { on_view_from: ARRIVES })],
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const next = ((await saved.json()) as { revision: number }).revision;
  const published = await request.post(`/api/v1/studio/guides/${token}/publish`, {
    headers: { authorization: `Bearer ${publisher.token}` },
    data: { revision: next },
  });
  expect(published.status(), await published.text()).toBe(200);
}

/** The path of a stop's sign (`/s/{code}`), its link made with a sheet as the studio makes it. */
/** The guide's stops in its list, as a visitor whose device says it is `at`. */
async function stopsAt(page: Page, token: string, at: string) {
  await page.clock.setFixedTime(new Date(at));
  // English chosen before, as a returning visitor (no language dialog).
  await page.addInitScript(
    (t) =>
      localStorage.setItem(
        'earshot-languages',
        JSON.stringify({ state: { byGuide: { [t]: 'en' } }, version: 0 }),
      ),
    token,
  );
  await page.goto(`/guide/${token}`);
  const enter = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(enter).toHaveAttribute('aria-disabled', 'false');
  await enter.click();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const list = page.getByRole('region', { name: 'List of stops' });
  await expect(list.locator('[data-token]').first()).toBeVisible();
  return list;
}

const titles = async (list: Awaited<ReturnType<typeof stopsAt>>) =>
  (await list.locator('[data-token]').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

test.describe('seasons', () => {
  test('a stop leaves the visitor app after its last day in the guide’s time zone, and its sign says so', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { publisher, organisation } = await newPublisher(request);
    const token = await newGuide(request, publisher, organisation, {
      name: 'Bend',
      state: 'Oregon',
    });
    await publishDated(request, publisher, token, 'hide');

    // December 20: the third work has not arrived.
    let list = await stopsAt(page, token, '2026-12-20T20:00:00Z');
    expect(await titles(list)).toEqual([
      expect.stringContaining('Work 1'),
      expect.stringContaining('Work 2'),
    ]);

    // 23:30 on December 31 in Oregon (07:30 UTC on January 1): still on view.
    list = await stopsAt(page, token, '2027-01-01T07:30:00Z');
    await expect(list.getByRole('button', { name: /Work 2/ })).toBeVisible();

    // 00:30 on January 1 in Oregon: gone from the list and the keypad…
    list = await stopsAt(page, token, '2027-01-01T08:30:00Z');
    expect(await titles(list)).toEqual([expect.stringContaining('Work 1')]);
    await page.goto(`/guide/${token}/directory`);
    await expect(page.getByRole('button', { name: /Work 1/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Work 2/ })).toHaveCount(0);

    // …while its sign still opens it, and says it has gone.
    await page.goto(await signLink(request, publisher, token, `${token}-stop-2`));
    await expect(page).toHaveURL(new RegExp(`/guide/${token}/${token}-stop-2$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Work 2' })).toBeVisible();
    await expect(page.getByText('This work stood here until December 31, 2026')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/shots/seasons/stop-gone-${test.info().project.name}-light.png`,
    });
    await page.goto(`/guide/${token}/${token}-stop-1`);
    await expect(page.getByRole('heading', { level: 1, name: 'Work 1' })).toBeVisible();
    await expect(page.getByText(/stood here|On view/)).toHaveCount(0);
  });

  test('a guide that marks stops outside their dates lists them with their dates', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { publisher, organisation } = await newPublisher(request);
    const token = await newGuide(request, publisher, organisation, {
      name: 'Bend',
      state: 'Oregon',
    });
    await publishDated(request, publisher, token, 'mark');
    await persistTheme(page, true);
    const list = await stopsAt(page, token, '2027-01-05T20:00:00Z');
    expect(await titles(list)).toEqual([
      expect.stringContaining('Work 1'),
      expect.stringContaining('This work stood here until December 31, 2026'),
      expect.stringContaining('On view from January 10, 2027'),
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/shots/seasons/list-marked-${test.info().project.name}-dark.png`,
    });
  });

  for (const dark of [false, true]) {
    const look = dark ? 'dark' : 'light';
    test(`the studio shows the guide on a chosen day and what changes in the next 30 days (${look})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const { publisher, organisation } = await newPublisher(request);
      const token = await newGuide(request, publisher, organisation, {
        name: 'Bend',
        state: 'Oregon',
      });
      await publishDated(request, publisher, token, 'hide');
      await page.clock.setFixedTime(new Date('2026-12-20T20:00:00Z'));
      await persistTheme(page, dark);
      await signedInAs(page, publisher);
      await page.goto(`/studio/guides/${token}`);
      await page.getByRole('tab', { name: /^Guide/ }).click();
      const seasons = page.getByRole('group', { name: 'Seasons' });
      await expect(seasons.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
      await expect(seasons.getByRole('status')).toHaveText(
        'December 20, 2026 (today): 2 of 3 stops on view.',
      );
      const next = seasons.getByRole('list');
      await expect(next.getByRole('listitem')).toHaveText([
        'January 1, 2027: “Work 2” leaves',
        'January 10, 2027: “Work 3” goes on view',
      ]);
      await shoot(page, 'seasons', look, seasons);

      await seasons.getByLabel('See the guide on').fill('2027-01-12');
      await expect(seasons.getByRole('status')).toHaveText(
        'January 12, 2027: 2 of 3 stops on view.',
      );
      const preview = page.getByRole('figure', { name: /^What visitors see on January 12, 2027$/ });
      if (await preview.isVisible()) {
        await expect(preview.getByText('Work 3')).toBeVisible();
        await expect(preview.getByText('Work 2')).toHaveCount(0);
      }
      await seasons.getByRole('button', { name: 'Back to today' }).click();
      await expect(seasons.getByRole('status')).toContainText('(today)');

      // A stop's dates are checked as the publisher types them.
      await page.getByRole('tab', { name: /^Stops/ }).click();
      await chooseStop(page, 2);
      await page.getByLabel('On view until').fill('2027-01-01');
      await expect(
        page.getByText('"on view until" (2027-01-01) is before "on view from" (2027-01-10)'),
      ).toBeVisible();
    });
  }
});
