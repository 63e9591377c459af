// npm run bench: speed of the guide list with the demo guides and with 10,000 generated
// ones, in Debian's Chromium against the real server. Prints absolute figures and the
// ratios between the two data sets (the machine is shared and noisy: compare ratios).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { generateGuides } from './generate-guides.js';

const root = path.resolve(import.meta.dirname, '..');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(
  dataDir: string,
  demo: boolean,
): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_CONTENT: demo ? '1' : '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

/** Gzip size of every script the home route loads. */
async function firstLoadJs(page: Page, url: string): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === 'script') bodies.push(r.body());
  };
  page.on('response', onResponse);
  await page.goto(url);
  await page.getByRole('searchbox', { name: 'Search guides' }).waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(bodies)).reduce((s, b) => s + gzipSync(b).length, 0);
}

/** Milliseconds from navigation to the first list row on screen. */
async function listRender(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/about`);
  await page.getByRole('heading', { name: 'About Earshot' }).waitFor();
  return page.evaluate(async () => {
    const t0 = performance.now();
    history.pushState({}, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
    while (!document.querySelector('[role="list"] [role="listitem"]'))
      await new Promise((r) => requestAnimationFrame(r));
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

async function measure(label: string, dataDir: string, demo: boolean) {
  const { url, proc } = await startServer(dataDir, demo);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const guides = ((await (await fetch(`${url}/api/v1/tours`)).json()) as unknown[]).length;
    const js = await firstLoadJs(page, url);
    const renders: number[] = [];
    for (let i = 0; i < 5; i++) renders.push(await listRender(page, url));
    await page.goto(url);
    await page.getByRole('list').first().waitFor();
    const scroll = await scrollFrames(page);
    const keys = await keystrokes(page, url, ['riverfront', 'walk', 'bronze lantern', 'garden']);
    if (process.env.BENCH_VERBOSE) console.log(label, 'keystrokes', keys.map(Math.round).join(' '));
    return {
      label,
      guides,
      jsGzipKB: js / 1024,
      renderMs: median(renders),
      scroll,
      keyMedianMs: median(keys),
      keyP95Ms: p95(keys),
    };
  } finally {
    await browser.close();
    proc.kill();
  }
}

if (
  !existsSync(path.join(root, 'apps/server/dist/main.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  throw new Error('Build first: npm run build');
}
const demoDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-bench-demo-'));
const bigDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-bench-10k-'));
try {
  await generateGuides(bigDir, 10_000);
  const small = await measure('demo', demoDir, true);
  const big = await measure('10k', bigDir, false);
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    '\n| data set | guides | home JS (KB gzip) | list render (ms) | scroll frame p95 / max (ms) | long tasks | keystroke median / p95 (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of [small, big]) {
    console.log(
      `| ${r.label} | ${r.guides} | ${fmt(r.jsGzipKB)} | ${fmt(r.renderMs)} | ${fmt(r.scroll.p95)} / ${fmt(r.scroll.max)} | ${r.scroll.longTasks} | ${fmt(r.keyMedianMs)} / ${fmt(r.keyP95Ms)} |`,
    );
  }
  console.log(
    `\nratios 10k / demo: list render ${fmt(big.renderMs / small.renderMs)}×, keystroke median ${fmt(big.keyMedianMs / small.keyMedianMs)}×, scroll p95 ${fmt(big.scroll.p95 / small.scroll.p95)}×`,
  );
} finally {
  rmSync(demoDir, { recursive: true, force: true });
  rmSync(bigDir, { recursive: true, force: true });
}
