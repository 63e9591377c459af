import { expect, test } from '@playwright/test';

// Right-sized pictures (docs/studio.md Media): the app names the server's WebP copies in srcset,
// so a 112 px card fetches a copy of about its size, not the 1200 px original.

/** Every picture the page fetched from our media, with its transferred bytes and type. */
function recordPictures(page: import('@playwright/test').Page) {
  const pictures: { url: string; bytes: number; type: string }[] = [];
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'image' || !new URL(req.url()).pathname.startsWith('/static/tours/'))
      return;
    const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
    pictures.push({
      url: req.url(),
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      type: (await res?.headerValue('content-type')) ?? '',
    });
  });
  return pictures;
}

test('/city/portland fetches right-sized WebP copies of its card pictures', async ({ page }) => {
  const pictures = recordPictures(page);
  await page.goto('/city/portland');
  const cards = page.locator('article img');
  await expect(cards).toHaveCount(4);
  await expect
    .poll(() =>
      cards.evaluateAll(
        (imgs) =>
          (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length,
      ),
    )
    .toBe(4);
  const shown = await cards.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((i) => ({
      src: i.currentSrc,
      sizes: i.sizes,
      wide: i.getBoundingClientRect().width,
    })),
  );
  for (const img of shown) {
    expect(img.src).toMatch(/\?v=[0-9a-f]+&w=(224|480)$/);
    expect(img.sizes).toBe('(min-width: 1040px) 360px, (min-width: 720px) 50vw, 112px');
    expect(Math.round(img.wide)).toBe(112);
  }
  await page.waitForLoadState('networkidle');
  expect(pictures.length).toBeGreaterThanOrEqual(4);
  expect(pictures.every((p) => p.type === 'image/webp')).toBe(true);
  const total = pictures.reduce((sum, p) => sum + p.bytes, 0);
  console.log(`/city/portland pictures: ${pictures.length}, ${total} B transferred`);
  // The originals (1200×800 JPEG) were 75,890 B for these four cards.
  expect(total).toBeLessThan(20_000);
});

test("a stop's picture and its gallery ask for copies the size of the screen", async ({ page }) => {
  await page.goto('/guide/riverfront-sculpture-walk/rsw-01');
  const hero = page.getByRole('img', { name: 'Tidewater Gate', exact: true }).first();
  await expect(hero).toBeVisible();
  await expect.poll(() => hero.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/&w=\d+$/);
  expect(await hero.getAttribute('sizes')).toBe('(min-width: 720px) 760px, 100vw');
  await page.getByRole('tab', { name: 'Gallery' }).click();
  const slide = page.locator('.yarl__slide_current img').first();
  await expect(slide).toBeVisible();
  expect(await slide.getAttribute('srcset')).toContain('&w=1600 1600w');
});

test("the guide's opening fetches WebP copies only: the splash once, at its screen's size", async ({
  page,
}) => {
  const pictures = recordPictures(page);
  await page.goto('/guide/riverfront-sculpture-walk');
  const splash = page.getByRole('dialog', { name: 'Willamette Riverfront Sculpture Walk' });
  await expect(splash).toBeVisible();
  // The app's splash shows the copy the page's own splash and its preload fetched.
  const img = splash.locator('img');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete)).toBe(true);
  const shown = await img.evaluate((i: HTMLImageElement) => ({
    src: i.currentSrc,
    sizes: i.sizes,
  }));
  // Covering a portrait phone (sized by its height): the largest copies, not a 100vw one.
  expect(shown.src).toMatch(/\/splash\.jpg\?v=[0-9a-f]+&w=(1200|1600)$/);
  expect(shown.sizes).toBe('(orientation: portrait) 150vh, 100vw');
  // The carousel's cards, under the splash (hidden from the accessibility tree meanwhile).
  await expect(page.locator('section[aria-roledescription="carousel"] img').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const splashes = pictures.filter((p) => new URL(p.url).pathname.endsWith('/splash.jpg'));
  expect(splashes.map((p) => p.url)).toEqual([shown.src]);
  expect(pictures.length).toBeGreaterThan(1);
  expect(pictures.filter((p) => p.type !== 'image/webp')).toEqual([]);
});
