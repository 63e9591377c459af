import { expect, test, type Page, type Response } from '@playwright/test';
import { levelsInOrder, type Badge, type GuideDetail } from '../../packages/core/src/index.js';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { jitter, moveTo, offset } from '../helpers/field';
import { chooseEnglish, player } from '../helpers/guide-player';
import { GUIDE_TOKEN, newUser, signedInAs, type Session } from '../helpers/participation';

// Badges and awards (decision 0009): a signed-in walker earns badge points at each stop's badge
// radius, a new badge and a level-up are celebrated, the badges overlay shows the levels, and
// the server counts each stop once. Geolocation is emulated as in field.spec.ts.
test.use({ permissions: ['geolocation'] });
test.describe.configure({ timeout: 120_000 });

type Award = { badge_id: number; points: number };
type VisitAnswer = { counted: boolean; awards: { badge: { token: string } }[] };

let guide: GuideDetail;
let badges: Badge[];
test.beforeAll(async ({ request }) => {
  guide = (await (await request.get(`/api/v1/tour-by-token/${GUIDE_TOKEN}`)).json()) as GuideDetail;
  const res = await request.get(`/api/v1/badges?guide__token=${GUIDE_TOKEN}&contest_type=badge`);
  badges = (await res.json()) as Badge[];
});

const overlay = (page: Page) => page.getByRole('dialog', { name: 'Badges' });
const news = (page: Page) => page.getByRole('status', { name: 'Badge news' });
const badgeControl = (page: Page) =>
  page
    .getByRole('region', { name: /^Map of / })
    .getByRole('button', { name: `Badges: ${guide.badges.length}` });
const card = (page: Page, name: string) =>
  overlay(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });

/** The flagship entered past its splash, as a returning visitor who chose English. */
async function enter(page: Page) {
  await chooseEnglish(page);
  await page.goto(`/guide/${GUIDE_TOKEN}`);
  await pastSplash(page);
}

async function pastSplash(page: Page) {
  const tap = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(tap).toHaveAttribute('aria-disabled', 'false');
  await tap.click();
  await expect(player(page)).toBeVisible();
}

async function serverAwards(request: Parameters<typeof newUser>[0], session: Session) {
  const res = await request.get('/api/v1/awards', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Award[];
}

test('a signed-in walk earns points at each stop, celebrates a new badge and a level-up, and the server counts each stop once', async ({
  page,
  context,
  request,
}) => {
  // The demo's badges counting every stop (no visited_item), with their levels in order; the
  // walk goes on until one of them passes its second level (a level-up, not only a new badge).
  const counting = badges
    .filter((b) => !b.visited_item)
    .map((b) => ({ ...b, levels: levelsInOrder(b.levels) }));
  const stops = [...guide.pois].sort((a, b) => a.position - b.position);
  const walk = Math.min(...counting.map((b) => b.levels[1]?.required ?? Infinity));
  expect(walk, 'a badge with two levels reachable on the walk').toBeLessThanOrEqual(stops.length);
  const celebrated = (k: number) =>
    counting.flatMap((b) =>
      b.levels
        .filter((l) => l.required === k)
        .map((l) =>
          l === b.levels[0]
            ? `New badge: ${b.name}, ${l.name}`
            : `Level up: ${b.name} reached ${l.name}`,
        ),
    );

  const session = await newUser(request, 'Badge Walker');
  await signedInAs(page, session);
  const sent: (string | undefined)[] = [];
  const answers: VisitAnswer[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/visit_poi/')) sent.push(r.headers()['authorization']);
  });
  page.on('response', (r: Response) => {
    if (r.url().endsWith('/api/v1/visit_poi/'))
      void r.json().then((body: VisitAnswer) => answers.push(body));
  });
  await enter(page);

  // Nothing earned yet: the overlay says so for each badge.
  await badgeControl(page).click();
  await expect(overlay(page)).toContainText(`You have earned 0 of ${badges.length} badges`);
  for (const b of badges) await expect(card(page, b.name)).toContainText('Not earned yet');
  await overlay(page).getByRole('button', { name: 'Close badges' }).click();
  await expect(overlay(page)).toBeHidden();

  const start = offset(stops[0]!, -300, 0);
  await context.setGeolocation({ latitude: start.lat, longitude: start.lng, accuracy: 10 });
  await page.getByRole('button', { name: 'Show my location' }).click();
  await expect(page.getByRole('button', { name: 'Hide my location' })).toBeVisible();

  const shake = jitter(11, 12);
  let from = start;
  for (let k = 1; k <= walk; k++) {
    const stop = stops[k - 1]!;
    await moveTo(context, page, {
      lat: (from.lat + stop.lat) / 2,
      lng: (from.lng + stop.lng) / 2,
    });
    for (let n = 0; n < 4; n++) await moveTo(context, page, offset(stop, shake(), shake()));
    // One visit per stop, sent signed in, and counted by the server.
    await expect.poll(() => answers.length).toBe(k);
    expect(answers[k - 1]!.counted).toBe(true);
    const expected = celebrated(k);
    if (k === walk) {
      // The level-up: celebrated, and its "See badges" opens the overlay on the new level.
      const levelUp = expected.find((t) => t.startsWith('Level up'))!;
      for (const text of expected.filter((t) => t !== levelUp)) await dismiss(page, text);
      await expect(news(page)).toContainText(levelUp);
      // Pointed at, it stays past its 10 s while axe looks at the page.
      await news(page).getByRole('button', { name: 'See badges' }).hover();
      expect(await axeViolations(page)).toEqual([]);
      await news(page).getByRole('button', { name: 'See badges' }).click();
    } else {
      for (const text of expected) await dismiss(page, text);
      await expect(news(page)).toHaveText('');
    }
    from = stop;
  }
  expect(sent).toEqual(Array.from({ length: walk }, () => `Bearer ${session.token}`));

  // The overlay shows each badge at its level with the walk's points.
  await expect(overlay(page)).toBeVisible();
  for (const b of counting) {
    const reached = b.levels.filter((l) => l.required <= walk).at(-1);
    const shown = card(page, b.name);
    await expect(shown).toContainText(reached ? `${reached.name} level` : 'Not earned yet');
    await expect(shown).toContainText(`${walk} points`);
    const image = shown.getByRole('img');
    await expect(image).toHaveAttribute(
      'alt',
      `${b.name}, ${(reached ?? b.levels[0]!).name} level${reached ? '' : ' (not earned yet)'}`,
    );
    const next = b.levels.find((l) => l.required > walk);
    if (next) {
      await expect(shown).toContainText(`Next: ${next.name} at ${next.required} points`);
      await expect(
        shown.getByRole('progressbar', { name: `Towards ${next.name}` }),
      ).toHaveAttribute('aria-valuenow', String(walk));
    }
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toBeHidden();

  // The server holds one point per stop for each badge that counts them...
  const awards = await serverAwards(request, session);
  for (const b of counting)
    expect(awards.filter((a) => a.badge_id === b.id).map((a) => a.points)).toEqual([walk]);

  // ...and a stop reached again (a new page life: the triggers start over) gives nothing more.
  const before = answers.length;
  await page.reload();
  await pastSplash(page);
  // Location may come back on by itself (remembered) or wait for the visitor to turn it on.
  const show = page.getByRole('button', { name: 'Show my location' });
  await expect(show.or(page.getByRole('button', { name: 'Hide my location' }))).toBeVisible();
  if (await show.isVisible()) await show.click();
  for (let n = 0; n < 3; n++) await moveTo(context, page, offset(from, shake(), shake()));
  await expect.poll(() => answers.length).toBe(before + 1);
  expect(answers.at(-1)).toEqual({ ok: true, counted: false, awards: [] });
  const again = await serverAwards(request, session);
  for (const b of counting)
    expect(again.filter((a) => a.badge_id === b.id).map((a) => a.points)).toEqual([walk]);
});

/** The celebration of `text` is shown (a status message), then dismissed. */
async function dismiss(page: Page, text: string) {
  await expect(news(page)).toContainText(text);
  await news(page).getByRole('button', { name: 'Dismiss badge news' }).click();
}

test('a visitor sees the badges and their levels, and is asked to sign in', async ({ page }) => {
  await enter(page);
  await badgeControl(page).click();
  for (const b of badges) {
    const shown = card(page, b.name);
    await expect(shown).toContainText('Not earned yet');
    const levels = shown.getByRole('list', { name: `Levels of ${b.name}` }).getByRole('listitem');
    await expect(levels).toHaveCount(b.levels.length);
    for (const [i, l] of levelsInOrder(b.levels).entries()) {
      await expect(levels.nth(i)).toContainText(l.name);
      await expect(levels.nth(i)).toContainText(`${l.required} points`);
    }
  }
  await overlay(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('the badges control and overlay work from the keyboard', async ({ page }) => {
  await enter(page);
  await badgeControl(page).focus();
  await page.keyboard.press('Enter');
  await expect(overlay(page)).toBeVisible();
  await expect(overlay(page).getByRole('button', { name: 'Close badges' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toBeHidden();
  await expect(badgeControl(page)).toBeFocused();
});

for (const dark of [false, true])
  test(`the badges overlay has no axe violations, visitor and signed in (${dark ? 'dark' : 'light'})`, async ({
    page,
    request,
  }) => {
    await persistTheme(page, dark);
    await enter(page);
    await badgeControl(page).click();
    await expect(overlay(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const session = await newUser(request, 'Badge Reader');
    for (const poi of guide.pois.slice(0, 3))
      await request.post('/api/v1/visit_poi/', {
        headers: { authorization: `Bearer ${session.token}` },
        data: { guide_token: GUIDE_TOKEN, poi_token: poi.token },
      });
    await signedInAs(page, session);
    await page.reload();
    await pastSplash(page);
    await badgeControl(page).click();
    await expect(overlay(page)).toContainText('3 points');
    expect(await axeViolations(page)).toEqual([]);
  });
