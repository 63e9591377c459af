import { expect, test } from '@playwright/test';

test('the home page lists the demo guides from the API, grouped by city', async ({
  page,
  request,
}) => {
  const tours = (await (await request.get('/api/v1/tours')).json()) as {
    title: string;
    city: { name: string };
  }[];
  expect(tours.length).toBeGreaterThanOrEqual(25);
  await page.goto('/');
  await expect(page.getByText(`${tours.length} guides in`)).toBeVisible();
  const cities = page.getByRole('list', { name: 'Cities' });
  const names = [...new Set(tours.map((t) => t.city.name))];
  // The list draws the rows near the window (virtualised): scroll down it, noting each city
  // row drawn on the way, until every city of the API's answer has been seen.
  const seen = new Set<string>();
  for (let i = 0; i < 60 && !names.every((n) => seen.has(n)); i++) {
    const labels = await cities
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    for (const name of names) if (labels.some((l) => l.startsWith(`${name}, `))) seen.add(name);
    await page.mouse.wheel(0, 400);
  }
  expect(names.filter((n) => !seen.has(n))).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await cities.getByRole('button', { name: /^Portland,/ }).click();
  await expect(
    cities.getByRole('button', { name: /^Willamette Riverfront Sculpture Walk,/ }),
  ).toBeVisible();
});

test('guide pictures load', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('list', { name: 'Cities' })
    .getByRole('button', { name: /^Portland,/ })
    .click();
  const img = page.getByRole('list', { name: 'Cities' }).locator('img').first();
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
});

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse all guides' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('list', { name: 'Cities' })).toBeVisible();
});

test('the drawer menu holds the SPEC items, and dark mode persists across visits', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const item of ['Login', 'All guides', 'About', 'Contact us'])
    await expect(menu.getByText(item, { exact: true })).toBeVisible();
  await menu.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the footer has list and map buttons', async ({ page }) => {
  await page.goto('/');
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('link', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await views.getByRole('link', { name: 'List' }).click();
  await expect(page.getByRole('list', { name: 'Cities' })).toBeVisible();
});

test('the web app manifest names the app with 192, 512 and maskable icons', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Earshot'),
    short_name: 'Earshot',
    display: 'standalone',
    start_url: '/',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons)
    expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
});

test('the API answers health and documents itself', async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  expect((await (await request.get('/api/docs/json')).json()).openapi).toBe('3.1.0');
});
