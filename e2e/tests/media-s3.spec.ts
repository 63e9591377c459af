import { expect, test } from '@playwright/test';
import { tourCacheName, tourMediaUrls, type GuideDetail } from '../../packages/core/src/index.js';
import { audio, chooseEnglish, player } from '../helpers/guide-player';
import { preload } from '../helpers/field';
import { s3NodeURL } from '../helpers/s3-node';

// docs/scale-out.md §2: an app whose media are in an S3-compatible bucket (s3rver, through
// servers/s3-node.ts) serves them with byte ranges and long caching, and the offline preload
// saves every one of them: offline, the guide's audio plays and seeks from the saved copies.
test.use({ baseURL: s3NodeURL(), serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

const TOKEN = 'riverfront-sculpture-walk';
let guide: GuideDetail;
test.beforeAll(async ({ request }) => {
  const res = await request.get(`${s3NodeURL()}/api/v1/tour-by-token/${TOKEN}`);
  expect(res.status()).toBe(200);
  guide = (await res.json()) as GuideDetail;
});

test('media from the bucket come with ranges, an ETag and a year of caching', async ({
  request,
}) => {
  const url = guide.pois[0]!.audio_url!;
  const whole = await request.get(url);
  expect(whole.status()).toBe(200);
  expect(whole.headers()['content-type']).toBe('audio/mpeg');
  expect(whole.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const size = (await whole.body()).length;
  const part = await request.get(url, { headers: { range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-199/${size}`);
  const again = await request.get(url, { headers: { 'if-none-match': whole.headers().etag! } });
  expect(again.status()).toBe(304);
});

test('the preload saves every file of a guide from the bucket; offline, every stop plays and seeks', async ({
  page,
  context,
}) => {
  await chooseEnglish(page);
  await preload(page, TOKEN);
  const saved = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => r.url),
    tourCacheName(TOKEN),
  );
  const origin = new URL(page.url()).origin;
  const media = tourMediaUrls(guide);
  expect(media.length).toBeGreaterThan(3);
  for (const url of media) expect(saved).toContain(new URL(url, origin).href);

  await context.setOffline(true);
  await page.goto(`/guide/${TOKEN}`);
  await page.getByRole('button', { name: 'Tap to Enter' }).click();
  await expect(player(page)).toBeVisible();
  for (const poi of guide.pois.filter((p) => p.audio_url)) {
    await page.evaluate((src) => {
      const a = document.querySelector('audio')!;
      a.src = src;
      return a.play();
    }, poi.audio_url!);
    await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0.2);
    const mid = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const a = document.querySelector('audio')!;
          a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
          a.addEventListener('error', () => reject(new Error('media error')), { once: true });
          a.currentTime = a.duration / 2;
        }),
    );
    const { duration } = await audio(page);
    expect(Math.abs(mid - duration / 2)).toBeLessThan(0.5);
  }
  await context.setOffline(false);
});
