import { expect, test, type Page } from '@playwright/test';
import { manyGuidesURL } from '../helpers/servers';

// These run against the second server: 2,000 generated guides in 50 cities — the most a
// small catalogue holds (FULL_LIST_MAX, docs/scale-out.md §3: the client holds the list) and the
// 2,000 from which the app searches in Web Workers (guide-searcher.ts).
test.use({ baseURL: manyGuidesURL() });

type WorkerLog = { created: number; errors: number; queries: string[]; answers: number };

/**
 * Watches the app's search workers from inside the page: how many start, fail to start,
 * which queries are posted to them, and how many answers come back to the page.
 */
const watchSearchWorkers = (page: Page) =>
  page.addInitScript(() => {
    const log: WorkerLog = { created: 0, errors: 0, queries: [], answers: 0 };
    (window as unknown as { searchWorkers: WorkerLog }).searchWorkers = log;
    const Native = window.Worker;
    window.Worker = class extends Native {
      private readonly search: boolean;
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.search = options?.name === 'guide-search';
        if (!this.search) return;
        log.created++;
        this.addEventListener('error', () => log.errors++);
        this.addEventListener('message', () => log.answers++);
      }
      override postMessage(message: unknown, options?: unknown) {
        const m = message as { type?: string; query?: string };
        if (this.search && m?.type === 'search') log.queries.push(m.query!);
        super.postMessage(message, options as StructuredSerializeOptions);
      }
    };
  });

const workerLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { searchWorkers: WorkerLog }).searchWorkers);

/** Scripts the page itself (not a worker) fetched whose name says Fuse.js. */
const fuseOnMainThread = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /fuse/i.test(new URL(n).pathname)),
  );

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

test('a large list is searched in Web Workers with the same fuzzy matching', async ({ page }) => {
  await watchSearchWorkers(page);
  await page.goto('/');
  await expect(page.getByText('2000 guides in 50 cities', { exact: false })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search guides' });
  await box.click();
  await box.fill('heron quary');
  await expect(results(page).getByRole('listitem')).toHaveCount(1);
  await expect(
    results(page).getByRole('button', { name: 'Heron Quarry Sculpture Trail' }),
  ).toBeVisible();
  await box.fill('lantern walk 12');
  await expect(results(page).getByRole('listitem')).toHaveCount(30);
  await expect(results(page).getByRole('listitem').first()).toContainText('Lantern walk 12');

  // The answers came from the workers: each query went to every worker, every worker
  // answered, and the page never loaded Fuse.js to search by itself.
  const log = await workerLog(page);
  expect(log.created).toBeGreaterThanOrEqual(1);
  expect(log.errors).toBe(0);
  expect(log.queries).toEqual(expect.arrayContaining(['heron quary', 'lantern walk 12']));
  expect(log.answers).toBeGreaterThanOrEqual(2 * log.created);
  expect(await fuseOnMainThread(page)).toEqual([]);
});

test('a large list is still searched when the search workers cannot start', async ({ page }) => {
  await watchSearchWorkers(page);
  await page.route('**/*guide-search.worker*', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('2000 guides in 50 cities', { exact: false })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search guides' }).fill('heron quary');
  await expect(
    results(page).getByRole('button', { name: 'Heron Quarry Sculpture Trail' }),
  ).toBeVisible();

  // The app did try workers, they failed to start, none answered, and the page searched
  // with its own Fuse.js instead.
  const log = await workerLog(page);
  expect(log.created).toBeGreaterThanOrEqual(1);
  expect(log.errors).toBeGreaterThanOrEqual(1);
  expect(log.answers).toBe(0);
  expect(await fuseOnMainThread(page)).not.toEqual([]);
});
