import { expect, test, type Page } from '@playwright/test';
import { preload } from '../helpers/field';
import { pick, player } from '../helpers/guide-player';
import { goOffline } from '../helpers/network';
import {
  askedVisits,
  dayOf,
  localAt,
  publishedGuide,
  report,
  sentInsights,
  type SentEvent,
} from '../helpers/insights';
import { newPublisher } from '../helpers/studio';

// The insights events on the visitor's side (docs/insights.md): the events a visit makes, sent
// once each with their original local day and hour, offline and across a reload included,
// read back through the studio's real report. The guide is this spec's own (made through the
// studio's calls, in a city no other spec counts), so its counts are exact.

const CITY = { name: 'Corvallis', state: 'Oregon' };

const ended = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.ended ?? false), {
      timeout: 20_000,
    })
    .toBe(true);

const playedPast = (page: Page, seconds: number) =>
  expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0))
    .toBeGreaterThan(seconds);

test.describe('insights events of a visit', () => {
  // Offline, the reload needs the app's shell and the saved guide: the service worker runs.
  test.use({ serviceWorkers: 'allow' });

  test('taps, keypad and audio online, more offline, a reload offline: once online the server holds each event once, at its own day and hour', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const { publisher, organisation } = await newPublisher(request, 'Iris Insights');
    const guide = await publishedGuide(request, publisher, organisation, CITY);
    const [s1, s2, s3] = guide.stops as [
      (typeof guide.stops)[0],
      (typeof guide.stops)[0],
      (typeof guide.stops)[0],
    ];
    // The visitor's clock: two days ago at 09:10, then yesterday at 11:20 while offline (more
    // than 4 hours later: a new visit). The server's clock is today's.
    const first = localAt(-2, 9, 10);
    const later = localAt(-1, 11, 20);
    await page.clock.install({ time: first });
    await page.addInitScript(
      (token) =>
        localStorage.setItem(
          'earshot-languages',
          JSON.stringify({ state: { byGuide: { [token]: 'en' } }, version: 0 }),
        ),
      guide.token,
    );
    const sent = sentInsights(page);
    const asked = askedVisits(page);

    // Saved for offline, entered, a stop tapped in the carousel, another by its keypad code.
    await preload(page, guide.token);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(player(page)).toBeVisible();
    // (The first stop is made ready when the guide opens: a tap on it opens its detail.)
    await pick(page, s2.title);
    await playedPast(page, 1);
    await player(page).getByRole('button', { name: 'Keypad', exact: true }).click();
    const keypad = page.getByRole('dialog', { name: 'Keypad' });
    for (const d of String(s1.code))
      await keypad.getByRole('button', { name: d, exact: true }).click();
    await keypad.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(player(page)).toContainText(s1.title);
    await ended(page);
    // Online, the sender (loaded after the screen's first load) has sent what was made.
    await expect
      .poll(() => sent.flatMap((s) => s.events).filter((e) => e.kind === 'audio-heard').length)
      .toBeGreaterThanOrEqual(2);

    // No signal, a day later: a stop tapped and heard to its end, then a reload.
    await goOffline(context, page);
    await page.clock.setSystemTime(later);
    const online = sent.length;
    const askedOnline = asked.length;
    // The keypad closes by itself; the stop's detail it opened is closed by the visitor.
    await expect(keypad).toBeHidden({ timeout: 10_000 });
    const detail = page.getByRole('dialog', { name: s1.title });
    await detail.getByRole('button', { name: 'Close the stop' }).click();
    await expect(detail).toBeHidden();
    await pick(page, s3.title);
    await ended(page);
    await page.reload();
    // (Entered from the preload screen: no splash, after a reload too.)
    await expect(player(page)).toBeVisible();
    // Nothing could leave the device meanwhile: the events wait in it.
    const waiting = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('earshot-answers');
          open.onsuccess = () => {
            const req = open.result.transaction('insights').objectStore('insights').count();
            req.onsuccess = () => resolve(req.result);
          };
        }),
    );
    const held = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('earshot-insights:'))
        .reduce((n, k) => n + (JSON.parse(localStorage.getItem(k)!) as unknown[]).length, 0),
    );
    expect(waiting + held).toBeGreaterThanOrEqual(4);

    // Back online: they go, once, with the day and hour they were made.
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const responses = await Promise.all(
            sent.slice(online).map(async (s) => (await s.request.response())?.status() ?? 0),
          );
          return responses.includes(200);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const unique = new Map<string, SentEvent>();
    for (const e of sent.flatMap((s) => s.events)) unique.set(e.id, e);
    const events = [...unique.values()];
    const visits = [...new Set(events.map((e) => e.visit_id))];
    expect(visits).toHaveLength(2);
    // Each visit's events went with the token the server issued for it (docs/insights.md "Visit
    // tokens"); the visit made offline asked for its token once back online, before its events
    // went.
    for (const e of sent.flatMap((s) => s.events)) expect(e.visit_token).toMatch(/^\d+\./);
    const offlineVisit = events.find((e) => e.day === dayOf(later))!.visit_id;
    expect(asked.slice(0, askedOnline).map((a) => a.visit_id)).not.toContain(offlineVisit);
    const late = asked
      .slice(askedOnline)
      .filter((a) => a.guide_token === guide.token && a.visit_id === offlineVisit);
    const statuses = await Promise.all(
      late.map(async (a) => (await a.request.response())?.status()),
    );
    expect(statuses).toContain(200);
    const [a, b] = visits.map((v) => events.filter((e) => e.visit_id === v));
    const summary = (list: SentEvent[]) =>
      list.map((e) => [e.kind, e.poi_token ?? null, e.trigger ?? null]).sort();
    expect(summary(a!)).toEqual(
      [
        ['preload', null, null],
        ['guide-open', null, null],
        ['stop-select', s2.token, 'tap'],
        ['audio-start', s2.token, 'autoplay'],
        ['audio-heard', s2.token, null],
        ['stop-select', s1.token, 'keypad'],
        ['audio-start', s1.token, 'autoplay'],
        ['audio-heard', s1.token, null],
      ].sort(),
    );
    expect(summary(b!)).toEqual(
      [
        ['guide-open', null, null],
        ['stop-select', s3.token, 'tap'],
        ['audio-start', s3.token, 'autoplay'],
        ['audio-heard', s3.token, null],
      ].sort(),
    );
    const heard = (poi: string) =>
      events.find((e) => e.kind === 'audio-heard' && e.poi_token === poi)!.heard;
    // The stop tapped first was left after a second or so of its 5; the others played to
    // the end.
    expect(heard(s2.token)).toBeGreaterThan(0);
    expect(heard(s2.token)).toBeLessThan(90);
    expect(heard(s1.token)).toBe(100);
    expect(heard(s3.token)).toBe(100);
    for (const e of a!) expect([e.day, e.hour]).toEqual([dayOf(first), 9]);
    for (const e of b!) expect([e.day, e.hour]).toEqual([dayOf(later), 11]);
    for (const e of events) expect(e).toMatchObject({ guide_token: guide.token, language: 'en' });

    // The server's own account: each event counted once, on the day and at the hour it was made.
    await expect(async () => {
      const { current } = await report(
        request,
        publisher,
        guide.token,
        dayOf(first),
        dayOf(new Date()),
      );
      expect(current.totals).toMatchObject({ visits: 2, preloads: 1, listeners: 2 });
      expect(current.stops.map((s) => [s.token, s.starts, s.completed, s.triggers])).toEqual([
        [s1.token, 1, 1, { tap: 0, keypad: 1, location: 0, autoplay: 1, link: 0 }],
        [s2.token, 1, 0, { tap: 1, keypad: 0, location: 0, autoplay: 1, link: 0 }],
        [s3.token, 1, 1, { tap: 1, keypad: 0, location: 0, autoplay: 1, link: 0 }],
      ]);
      expect(current.days.filter((d) => d.visits > 0)).toEqual([
        { day: dayOf(first), visits: 1, listeners: 1 },
        { day: dayOf(later), visits: 1, listeners: 1 },
      ]);
      expect(current.hours[9]).toBe(1);
      expect(current.hours[11]).toBe(1);
    }).toPass({ timeout: 20_000 });

    // Sent more than once, counted once: a stop tapped online whose first reply is lost on the
    // way (the server stores the batch; the browser is made to fail before the app hears it).
    // The events stay queued and go again, with the same ids, 15 s later.
    const before = sent.length;
    let lose = true;
    await page.route('**/api/v1/insights/events/', async (route) => {
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await pick(page, s2.title);
    await playedPast(page, 0.5);
    const times = (id: string) => sent.flatMap((x) => x.events).filter((e) => e.id === id).length;
    const tapped = () =>
      sent
        .slice(before)
        .flatMap((x) => x.events)
        .find((e) => e.kind === 'stop-select' && e.poi_token === s2.token);
    await expect.poll(() => tapped()?.id ?? null, { timeout: 20_000 }).not.toBeNull();
    await page.clock.fastForward(16_000);
    await expect.poll(() => times(tapped()!.id), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect(async () => {
      const { current } = await report(
        request,
        publisher,
        guide.token,
        dayOf(first),
        dayOf(new Date()),
      );
      const stop = current.stops.find((s) => s.token === s2.token)!;
      expect([stop.starts, stop.triggers.tap, stop.triggers.autoplay]).toEqual([2, 2, 2]);
      expect(current.totals.visits).toBe(2);
    }).toPass({ timeout: 30_000 });
  });
});
