// Tap to play: from the pointer going down on a carousel stop to its audio element's
// 'playing' event, with every stop's audio already in the HTTP cache; beside it, a bare page
// of the same origin (so the same cache) whose buttons set an <audio>'s source and play it.
import type { CDPSession, Page } from 'playwright-core';
import { enterGuide, FLAGSHIP, launchChromium, phoneContext } from './guide-page.js';

export const TAP_TARGET_MS = 150;

export type Tap = { stop: string; downToPlaying: number; clickToPlaying: number };
export type PlayRow = {
  page: string;
  taps: Tap[];
  /** Each round's first sound in its page (audio output starting): not in the figures. */
  firstSounds: number[];
  /** Audio requests made while tapping, and how many of them the HTTP cache answered. */
  mediaRequests: number;
  fromCache: number;
};

type Guide = { pois: { token: string; translations: Record<string, { audio_url: string }> }[] };

/** Records, in the page, each pointer going down and each click (capturing, before the app's
 * own handlers) and each 'playing' of a media element with its source. */
function recordTaps(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { benchTaps: { down: number; click?: number }[] } & {
      benchPlays: { at: number; src: string }[];
    };
    w.benchTaps = [];
    w.benchPlays = [];
    addEventListener('pointerdown', () => w.benchTaps.push({ down: performance.now() }), true);
    addEventListener('click', () => (w.benchTaps.at(-1)!.click ??= performance.now()), true);
    // 'playing' does not bubble; a capturing listener on the document still sees it.
    document.addEventListener(
      'playing',
      (e) => {
        const a = e.target as HTMLMediaElement;
        const u = new URL(a.currentSrc);
        w.benchPlays.push({ at: performance.now(), src: u.pathname + u.search });
      },
      true,
    );
  });
}

/** Taps at (x, y) and times it to the 'playing' of `src`. */
async function tap(page: Page, x: number, y: number, src: string, stop: string): Promise<Tap> {
  const n = await page.evaluate(() => (window as unknown as { benchTaps: [] }).benchTaps.length);
  await page.mouse.click(x, y);
  const t = await page.waitForFunction(
    ({ n, src }) => {
      const w = window as unknown as {
        benchTaps: { down: number; click?: number }[];
        benchPlays: { at: number; src: string }[];
      };
      const tap = w.benchTaps[n];
      const play = tap && w.benchPlays.find((p) => p.at > tap.down && p.src === src);
      return play && tap.click !== undefined
        ? { down: play.at - tap.down, click: play.at - tap.click }
        : null;
    },
    { n, src },
    { timeout: 10_000, polling: 20 },
  );
  const { down, click } = (await t.jsonValue())!;
  await page.waitForTimeout(400);
  return { stop, downToPlaying: down, clickToPlaying: click };
}

/** Media requests while `f` runs: how many, and how many the cache answered. */
async function watchMedia<T>(cdp: CDPSession, f: () => Promise<T>) {
  const media = new Set<string>();
  const cached = new Set<string>();
  const sent = (e: { requestId: string; type?: string }) => {
    if (e.type === 'Media') media.add(e.requestId);
  };
  const served = (e: { requestId: string }) => cached.add(e.requestId);
  const received = (e: { requestId: string; response: { fromDiskCache?: boolean } }) => {
    if (e.response.fromDiskCache) cached.add(e.requestId);
  };
  cdp.on('Network.requestWillBeSent', sent);
  cdp.on('Network.requestServedFromCache', served);
  cdp.on('Network.responseReceived', received);
  try {
    const result = await f();
    const fromCache = [...media].filter((id) => cached.has(id)).length;
    return { result, mediaRequests: media.size, fromCache };
  } finally {
    cdp.off('Network.requestWillBeSent', sent);
    cdp.off('Network.requestServedFromCache', served);
    cdp.off('Network.responseReceived', received);
  }
}

type Stop = { token: string; src: string };

/** The guide's stops in carousel order with their English audio. */
export async function guideStops(url: string): Promise<Stop[]> {
  const guide = (await (await fetch(`${url}/api/v1/tour-by-token/${FLAGSHIP}`)).json()) as Guide;
  return guide.pois.map((p) => ({ token: p.token, src: p.translations.en!.audio_url }));
}

/**
 * The first stop is selected on entry, ready to play: the player's Play button starts it (the
 * page's first sound), then each other stop is tapped in the carousel.
 */
export async function appTaps(page: Page, cdp: CDPSession, url: string, [first, ...stops]: Stop[]) {
  await enterGuide(page, url, FLAGSHIP);
  await page.waitForLoadState('networkidle');
  await recordTaps(page);
  const playButton = page
    .getByRole('region', { name: 'Audio player' })
    .getByRole('button', { name: 'Play', exact: true });
  const pb = (await playButton.boundingBox())!;
  const firstSound = await tap(page, pb.x + pb.width / 2, pb.y + pb.height / 2, first!.src, '');
  const carousel = page.getByRole('region', { name: 'Stops', exact: true });
  const next = carousel.getByRole('button', { name: 'Next stops' });
  const prev = carousel.getByRole('button', { name: 'Previous stops' });
  return watchMedia(cdp, async () => {
    const taps: Tap[] = [];
    for (const s of stops) {
      const card = carousel.locator(`[data-token="${s.token}"]`);
      // As a visitor does: the arrow brings the stop into view, then a tap on it (on the part
      // of it that no arrow covers).
      let at: { x: number; y: number } | undefined;
      for (let i = 0; i < 20 && !at; i++) {
        const c = (await card.boundingBox())!;
        const v = (await carousel.boundingBox())!;
        const [p, n] = [await prev.boundingBox(), await next.boundingBox()];
        // Arrows sit over the strip's ends, disabled or not.
        const lo = Math.max(c.x, v.x, p ? p.x + p.width : 0);
        const hi = Math.min(c.x + c.width, v.x + v.width, n ? n.x : Infinity);
        const last = await next.isDisabled();
        if (hi - lo >= 40 && (last || hi === c.x + c.width))
          at = { x: (lo + hi) / 2, y: c.y + c.height / 3 };
        else {
          await next.click({ timeout: 5000 });
          await page.waitForTimeout(400);
        }
      }
      if (!at) throw new Error(`stop ${s.token} never came into view`);
      if (process.env.BENCH_VERBOSE)
        await page.screenshot({ path: `/tmp/bench-tap-${s.token}.png` });
      taps.push(await tap(page, at.x, at.y, s.src, s.token));
    }
    return { taps, firstSound: firstSound.downToPlaying };
  });
}

/** The same files in the same order on a bare page: its first button plays the first stop. */
async function bareTaps(page: Page, cdp: CDPSession, url: string, stops: Stop[]) {
  // A page of the same origin, so the same HTTP cache: the server's health answer, replaced.
  await page.goto(`${url}/api/health`);
  await page.evaluate(
    (srcs) => {
      document.body.innerHTML = '';
      const audio = document.createElement('audio');
      audio.preload = 'metadata';
      document.body.append(audio);
      srcs.forEach((src, i) => {
        const b = document.createElement('button');
        b.textContent = `Stop ${i + 1}`;
        b.style.cssText = 'display:block;width:200px;height:40px;margin:4px';
        b.addEventListener('click', () => {
          audio.src = src;
          void audio.play();
        });
        document.body.append(b);
      });
    },
    stops.map((s) => s.src),
  );
  await recordTaps(page);
  const buttons = page.locator('button');
  const press = async (i: number) => {
    const box = (await buttons.nth(i).boundingBox())!;
    const s = stops[i]!;
    return tap(page, box.x + box.width / 2, box.y + box.height / 2, s.src, s.token);
  };
  const firstSound = await press(0);
  return watchMedia(cdp, async () => {
    const taps: Tap[] = [];
    for (let i = 1; i < stops.length; i++) taps.push(await press(i));
    return { taps, firstSound: firstSound.downToPlaying };
  });
}

/** Two rounds, each in a new context (its own cache): the guide, then the bare page. */
export async function tapToPlay(url: string): Promise<PlayRow[]> {
  const stops = await guideStops(url);
  const browser = await launchChromium();
  const rows: PlayRow[] = [
    { page: `the guide (${FLAGSHIP})`, taps: [], firstSounds: [], mediaRequests: 0, fromCache: 0 },
    { page: 'bare <audio> page', taps: [], firstSounds: [], mediaRequests: 0, fromCache: 0 },
  ];
  const add = (
    row: PlayRow,
    r: { result: { taps: Tap[]; firstSound: number }; mediaRequests: number; fromCache: number },
  ) => {
    row.taps.push(...r.result.taps);
    row.firstSounds.push(r.result.firstSound);
    row.mediaRequests += r.mediaRequests;
    row.fromCache += r.fromCache;
  };
  try {
    for (let round = 0; round < 2; round++) {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // Every stop's audio into the HTTP cache first (served for a year, immutable).
      await page.goto(`${url}/api/health`);
      await page.evaluate(
        (srcs) => Promise.all(srcs.map((s) => fetch(s).then((r) => r.arrayBuffer()))),
        stops.map((s) => s.src),
      );
      add(rows[0]!, await appTaps(page, cdp, url, stops));
      await page.close();
      const bare = await context.newPage();
      const bareCdp = await context.newCDPSession(bare);
      await bareCdp.send('Network.enable');
      add(rows[1]!, await bareTaps(bare, bareCdp, url, stops));
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}
