import { expect, test, type Page } from '@playwright/test';
import type { Badge, GuideDetail } from '../../packages/core/src/index.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { jitter, moveTo, offset, waitingVisits, type Point } from '../helpers/field';
import { chooseEnglish, player } from '../helpers/guide-player';
import { goOffline } from '../helpers/network';
import { GUIDE_TOKEN, newUser, signedInAs, type Session } from '../helpers/participation';

// A visit_poi/ made without signal waits in the offline queue (IndexedDB), outlives a reload, and
// is sent once when the signal is back — its reply lost once on the way, so the retry goes with the
// same Idempotency-Key. The service worker serves the app offline, as on a walk; geolocation is
// emulated as in badges.spec.ts.
test.use({ serviceWorkers: 'allow', permissions: ['geolocation'] });
test.describe.configure({ timeout: 120_000 });

const VISIT_URL = '/api/v1/visit_poi/';
type VisitAnswer = { counted: boolean; awards: { badge: { name: string } }[] };

async function pastSplash(page: Page) {
  const tap = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(tap).toHaveAttribute('aria-disabled', 'false');
  await tap.click();
  await expect(player(page)).toBeVisible();
}

async function locationOn(page: Page) {
  const show = page.getByRole('button', { name: 'Show my location' });
  const hide = page.getByRole('button', { name: 'Hide my location' });
  await expect(show.or(hide)).toBeVisible();
  if (await show.isVisible()) await show.click();
  await expect(hide).toBeVisible();
}

/** What the server's database holds of this user's visits (the e2e server's own SQLite). */
async function storedVisits(session: Session, poiToken: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (process.env.E2E_EXTERNAL_URL || !dataDir) return null;
  const { db } = openDatabase({ dataDir });
  try {
    const of = { user: session.user.id, poi: poiToken };
    const events = await db
      .selectFrom('tracking_events')
      .select('id')
      .where('kind', '=', 'poi-visit')
      .where('user_id', '=', of.user)
      .where('poi_token', '=', of.poi)
      .execute();
    const firsts = await db
      .selectFrom('poi_visits')
      .select('id')
      .where('user_id', '=', of.user)
      .execute();
    return { events: events.length, firstVisits: firsts.length };
  } finally {
    await db.destroy();
  }
}

test('a signed-in visit made offline outlives a reload and is stored once, its badge point given once', async ({
  page,
  context,
  request,
}) => {
  const guide = (await (
    await request.get(`/api/v1/tour-by-token/${GUIDE_TOKEN}`)
  ).json()) as GuideDetail;
  const badges = (await (
    await request.get(`/api/v1/badges?guide__token=${GUIDE_TOKEN}&contest_type=badge`)
  ).json()) as Badge[];
  const stop = [...guide.pois].sort((a, b) => a.position - b.position)[0]!;
  const counting = badges.filter((b) => !b.visited_item || b.visited_item === stop.token);

  const session = await newUser(request, 'Offline Walker');
  await signedInAs(page, session);
  await chooseEnglish(page);
  // The service worker first, so that the guide's reads are kept for the offline reload.
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller);
  await page.goto(`/guide/${GUIDE_TOKEN}`);
  await pastSplash(page);

  const posts: { key: string }[] = [];
  const answers: VisitAnswer[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(VISIT_URL)) void r.json().then((b: VisitAnswer) => answers.push(b));
  });
  const start: Point = offset(stop, -300, 0);
  await context.setGeolocation({ latitude: start.lat, longitude: start.lng, accuracy: 10 });
  await locationOn(page);

  // No signal at the stop: the visit waits on the device, nothing reaches the server.
  await goOffline(context, page);
  const shake = jitter(7, 10);
  const atStop = async () => {
    for (let n = 0; n < 4; n++) await moveTo(context, page, offset(stop, shake(), shake()));
  };
  await atStop();
  await expect.poll(async () => (await waitingVisits(page)).length).toBe(1);
  const [waiting] = await waitingVisits(page);
  expect(waiting!.poi_token).toBe(stop.token);

  // The page reloads with no signal (the service worker serves it); the visitor is still at
  // the stop, so its trigger fires again: the visit still waits once, with its first key.
  await page.reload();
  await pastSplash(page);
  await locationOn(page);
  await atStop();
  await expect(player(page)).toContainText(stop.title);
  await page.waitForTimeout(500);
  expect(await waitingVisits(page)).toEqual([waiting]);

  // Back online: the first reply is lost on the way back (the server stored the visit), so the
  // app tries again with the same key and gets the first reply.
  await page.route(`**${VISIT_URL}`, async (route) => {
    posts.push({ key: route.request().headers()['idempotency-key']! });
    if (posts.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await context.setOffline(false);
  await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(1);
  expect(answers[0]!.counted).toBe(true);
  expect(posts.map((p) => p.key)).toEqual([waiting!.idempotencyKey, waiting!.idempotencyKey]);
  await expect.poll(async () => (await waitingVisits(page)).length).toBe(0);
  // Its celebration comes with the replayed reply: each badge whose first level is one point.
  const news = page.getByRole('status', { name: 'Badge news' });
  const firsts = counting.flatMap((b) =>
    b.levels.filter((l) => l.required === 1).map((l) => `New badge: ${b.name}, ${l.name}`),
  );
  if (firsts.length) await expect(news).toContainText(firsts[0]!);

  // The server holds the visit once and one point per badge that counts the stop.
  const awards = (await (
    await request.get('/api/v1/awards', { headers: { authorization: `Bearer ${session.token}` } })
  ).json()) as { badge_id: number; points: number }[];
  for (const b of counting)
    expect(awards.filter((a) => a.badge_id === b.id).map((a) => a.points)).toEqual([1]);
  expect(awards).toHaveLength(counting.length);
  // Read in the server's database unless the specs run against an outside server.
  const stored = await storedVisits(session, stop.token);
  if (!process.env.E2E_EXTERNAL_URL) expect(stored).toEqual({ events: 1, firstVisits: 1 });
});
