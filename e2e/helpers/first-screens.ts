import type { Browser, Locator, Page } from '@playwright/test';

/*
 * The first screens the page's own HTML draws (docs/scale-out.md §3, decision 0018): a list
 * page's first rows and a large catalogue's world map's opening markers, before any script,
 * where the app then draws its own.
 */

/** A list's row boxes, each named. */
export const LIST_ROWS = '[role="list"][aria-label="Cities"] > [role="listitem"]';
/** The map's markers: the page's opening ones, and the map's own. */
export const OPENING_MARKERS = '#shell-map-markers > div';
export const MAP_MARKERS = '.leaflet-marker-pane .leaflet-marker-icon';

/** Lighthouse's mobile profile, applied as Lighthouse applies it (bench/first-screens.ts). */
export async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** What one frame showed. */
export type Frame = {
  t: number;
  rows: number;
  /** The list's first row's top (px), null without rows. */
  top: number | null;
  /** The list's loading state (its spinner and ghost rows) is in the page. */
  loading: boolean;
  opening: number;
  markers: number;
};

/**
 * Records every frame from the page's first until `ms`: its rows, where the first is, whether
 * the loading state shows, and the map's markers. Call before the navigation; read with
 * `framesOf`.
 */
export async function recordFrames(page: Page, ms = 20_000): Promise<void> {
  await page.addInitScript(
    ([rows, opening, markers, until]) => {
      const log: unknown[] = [];
      (window as unknown as { __frames: unknown[] }).__frames = log;
      const frame = () => {
        const first = document.querySelector(rows);
        log.push({
          t: Math.round(performance.now()),
          rows: document.querySelectorAll(rows).length,
          top: first ? Math.round(first.getBoundingClientRect().top) : null,
          loading: [...document.querySelectorAll('[role="status"]')].some((s) =>
            /Loading guides/.test(s.textContent ?? ''),
          ),
          opening: document.querySelectorAll(opening).length,
          markers: document.querySelectorAll(markers).length,
        });
        if (performance.now() < until) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    [LIST_ROWS, OPENING_MARKERS, MAP_MARKERS, ms] as const,
  );
}

export const framesOf = (page: Page): Promise<Frame[]> =>
  page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);

/** Each element's accessible name (its button's) and box, rounded to the pixel. */
export async function boxesOf(items: Locator): Promise<{ name: string; box: number[] }[]> {
  return items.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        name: el.querySelector('button')?.getAttribute('aria-label') ?? el.textContent ?? '',
        box: [r.x, r.y, r.width, r.height].map(Math.round),
      };
    }),
  );
}

/** The page as its HTML draws it, with no script at all, at `page`'s size. */
export async function withoutScripts<T>(
  browser: Browser,
  page: Page,
  url: string,
  look: (shell: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
  });
  try {
    const shell = await context.newPage();
    await shell.goto(url);
    return await look(shell);
  } finally {
    await context.close();
  }
}

/** Within a pixel (a row measured by the app may round the other way). */
export const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 1);

/**
 * Opens `url` with the app's entry module held back (as on a slow phone) until the returned
 * function is called; resolves once the boot script has run (it has added the app's modules),
 * from when it keeps taps and the keyboard's focus for the app.
 */
export async function openWithEntryHeld(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.head.querySelector('script[type="module"]'));
  return release;
}

/**
 * The frames from the first where all the page's `rows` rows are there (a slow link paints the
 * page as it comes): those that lack one, and those that show the list's loading state.
 */
export function framesLosingRows(frames: Frame[], rows: number) {
  const whole = frames.findIndex((f) => f.rows >= rows);
  const after = whole < 0 ? [] : frames.slice(whole);
  return {
    whole,
    missing: after.filter((f) => f.rows < rows),
    loading: after.filter((f) => f.loading),
  };
}
