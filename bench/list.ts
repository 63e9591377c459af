// The guide list with the demo guides and with 10,000 generated ones: render, scroll frames
// and search keystrokes in Chromium against the real server.
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './server.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

/**
 * The server's page shell already shows headings and the search box before the app runs;
 * the app marks <html data-app="started"> once it has drawn over the shell. Measurements
 * start after that, so they time the app, not its start.
 */
async function appStarted(page: Page) {
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Milliseconds from navigation to the first list row on screen. */
async function listRender(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/about`);
  await page.getByRole('heading', { name: 'About Earshot' }).waitFor();
  await appStarted(page);
  return page.evaluate(async () => {
    const t0 = performance.now();
    history.pushState({}, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
    while (!document.querySelector('[role="list"] [role="listitem"]')) {
      await new Promise((r) => requestAnimationFrame(r));
      // No list in 10 s is a broken page, not a slow one: stop the run.
      if (performance.now() - t0 > 10_000) throw new Error('No list row 10 s after navigating');
    }
    return performance.now() - t0;
  });
}

/** Frame times while scrolling through the whole list. */
async function scrollFrames(page: Page): Promise<{ p95: number; max: number; longTasks: number }> {
  return page.evaluate(async () => {
    let longTasks = 0;
    new PerformanceObserver((l) => (longTasks += l.getEntries().length)).observe({
      type: 'longtask',
      buffered: false,
    });
    const frames: number[] = [];
    let last = performance.now();
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y < end && frames.length < 400; y += 600) {
      scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return {
      p95: frames[Math.floor(frames.length * 0.95)]!,
      max: frames[frames.length - 1]!,
      longTasks,
    };
  });
}

/** Milliseconds from a keystroke to the search results on screen, for each keystroke of the queries. */
async function keystrokes(page: Page, url: string, queries: string[]): Promise<number[]> {
  await page.goto(url);
  const box = page.getByRole('searchbox', { name: 'Search guides' });
  await box.waitFor();
  await appStarted(page);
  const times: number[] = [];
  // As a visitor does: tap the box, then type (the search index loads on focus).
  await box.click();
  await page.waitForTimeout(300);
  for (const q of queries) {
    await box.fill('');
    await page.waitForTimeout(100);
    for (let i = 3; i <= q.length; i++) {
      const t = await page.evaluate(
        async (value) => {
          const input = document.querySelector<HTMLInputElement>('#guide-search')!;
          const t0 = performance.now();
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          // Answered: the results section names this query and holds results or "no match".
          const selector = `section[data-query="${CSS.escape(value.trim())}"]`;
          for (;;) {
            await new Promise((r) => requestAnimationFrame(r));
            const section = document.querySelector(selector);
            if (section && !section.querySelector('[role="status"]')) break;
            // No answer in 3 s is a broken search, not a slow one: stop the run.
            if (performance.now() - t0 > 3000) throw new Error(`No search answer for "${value}"`);
          }
          return performance.now() - t0;
        },
        q.slice(0, i),
      );
      times.push(t);
    }
  }
  return times;
}

export type ListRow = {
  label: string;
  guides: number;
  renderMs: number;
  scroll: { p95: number; max: number; longTasks: number };
  keyMedianMs: number;
  keyP95Ms: number;
};

export async function listMeasure(label: string, url: string): Promise<ListRow> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const guides = ((await (await fetch(`${url}/api/v1/tours`)).json()) as unknown[]).length;
    const renders: number[] = [];
    for (let i = 0; i < 5; i++) renders.push(await listRender(page, url));
    await page.goto(url);
    await appStarted(page);
    await page.locator('[role="list"] [role="listitem"]').first().waitFor();
    const scroll = await scrollFrames(page);
    const keys = await keystrokes(page, url, ['riverfront', 'walk', 'bronze lantern', 'garden']);
    if (process.env.BENCH_VERBOSE) console.log(label, 'keystrokes', keys.map(Math.round).join(' '));
    return {
      label,
      guides,
      renderMs: median(renders),
      scroll,
      keyMedianMs: median(keys),
      keyP95Ms: p95(keys),
    };
  } finally {
    await browser.close();
  }
}
