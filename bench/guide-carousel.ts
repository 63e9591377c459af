// The carousel scrolled from its first stop to its last, with the arrow button, with the
// mouse wheel and with drags, under a long-task observer and a frame-time recorder; the
// generated 200-stop guide beside the 14-stop flagship.
import type { Page } from 'playwright-core';
import { enterGuide, launchChromium, p95, phoneContext } from './guide-page.js';

export type ScrollMethod = 'arrow button' | 'mouse wheel' | 'drag';
export type CarouselRow = {
  guide: string;
  stops: number;
  method: ScrollMethod;
  /** Clicks, wheel notches or drags it took to reach the last stop. */
  inputs: number;
  reachedEnd: boolean;
  seconds: number;
  longTasks: number;
  longestTaskMs: number;
  frames: number;
  frameP95: number;
  frameMax: number;
};

type Recorded = { frames: number[]; long: number[] };

function startRecording(page: Page) {
  return page.evaluate(() => {
    const rec = { frames: [] as number[], long: [] as number[], run: true };
    (window as unknown as { benchRec: typeof rec }).benchRec = rec;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) rec.long.push(e.duration);
    }).observe({ type: 'longtask' });
    let last: number | undefined;
    const tick = (t: number) => {
      if (last !== undefined) rec.frames.push(t - last);
      last = t;
      if (rec.run) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const stopRecording = (page: Page): Promise<Recorded> =>
  page.evaluate(async () => {
    const rec = (window as unknown as { benchRec: Recorded & { run: boolean } }).benchRec;
    // Long tasks are reported after they end: let the observer catch up.
    await new Promise((r) => setTimeout(r, 300));
    rec.run = false;
    return { frames: rec.frames, long: rec.long };
  });

async function scroll(page: Page, method: ScrollMethod, max: number) {
  const carousel = page.getByRole('region', { name: 'Stops', exact: true });
  const next = carousel.getByRole('button', { name: 'Next stops' });
  const atEnd = async () => !(await next.isEnabled());
  const box = (await carousel.boundingBox())!;
  const card = (await carousel.locator('[data-token]').first().boundingBox())!;
  const y = card.y + card.height / 2;
  const nextBox = (await next.boundingBox())!;
  let inputs = 0;
  await page.mouse.move(box.x + box.width / 2, y);
  while (inputs < max && !(await atEnd())) {
    inputs++;
    if (method === 'arrow button') {
      await page.mouse.click(nextBox.x + nextBox.width / 2, nextBox.y + nextBox.height / 2);
      await page.waitForTimeout(120);
    } else if (method === 'mouse wheel') {
      // One notch of a mouse wheel: 100 px down, one stop forward.
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(60);
    } else {
      // A flick from right to left across the strip, from a card (not the gap between two);
      // Embla lets it glide on (drag-free).
      const from = box.x + box.width - 110;
      await page.mouse.move(from, y);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) await page.mouse.move(from - i * 20, y);
      await page.mouse.up();
      await page.waitForTimeout(250);
    }
  }
  // The last stop shows whole once the strip has come to rest.
  await page.waitForTimeout(500);
  const last = carousel.locator('[data-token]').last();
  const [l, v] = [(await last.boundingBox())!, (await carousel.boundingBox())!];
  return { inputs, reachedEnd: (await atEnd()) && l.x + l.width <= v.x + v.width + 1 };
}

const METHODS: ScrollMethod[] = ['arrow button', 'mouse wheel', 'drag'];

export async function carouselScroll(
  url: string,
  guides: { label: string; token: string }[],
): Promise<CarouselRow[]> {
  const browser = await launchChromium();
  const rows: CarouselRow[] = [];
  try {
    for (const g of guides)
      for (const method of METHODS) {
        // A fresh page per run: the strip starts at its first stop.
        const context = await phoneContext(browser);
        const page = await context.newPage();
        await enterGuide(page, url, g.token);
        await page.waitForLoadState('networkidle');
        const stops = await page
          .getByRole('region', { name: 'Stops', exact: true })
          .locator('[data-token]')
          .count();
        await startRecording(page);
        const t0 = Date.now();
        const { inputs, reachedEnd } = await scroll(page, method, stops * 2);
        const seconds = (Date.now() - t0) / 1000;
        const rec = await stopRecording(page);
        if (process.env.BENCH_VERBOSE)
          console.error(`carousel ${g.label} ${method}: ${inputs} inputs, ${seconds} s`);
        rows.push({
          guide: g.label,
          stops,
          method,
          inputs,
          reachedEnd,
          seconds,
          longTasks: rec.long.length,
          longestTaskMs: Math.max(0, ...rec.long),
          frames: rec.frames.length,
          frameP95: p95(rec.frames),
          frameMax: Math.max(...rec.frames),
        });
        await context.close();
      }
  } finally {
    await browser.close();
  }
  return rows;
}
