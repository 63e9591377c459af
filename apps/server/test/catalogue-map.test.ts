import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTERS_MAX, SITEMAP_URLS_MAX, type GuideClusters } from '@earshot/core';
import { bumpContentVersion } from '../src/modules/content/version-repository.js';
import type { TestEnv } from './helpers.js';
import { makeCatalogueEnv, publishedKeys } from './catalogue-helpers.js';

let env: TestEnv;
let keys: Awaited<ReturnType<typeof publishedKeys>>;
beforeAll(async () => {
  env = await makeCatalogueEnv();
  keys = await publishedKeys(env);
});
afterAll(() => env.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });
const clusters = async (bbox: string, zoom: number) => {
  const res = await get(`/api/v1/guide-summary/clusters?bbox=${bbox}&zoom=${zoom}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.json<GuideClusters>().clusters;
};
const inBox = (w: number, s: number, e: number, n: number) =>
  keys.filter(
    (k) =>
      k.centroid_lat !== null &&
      k.centroid_lng !== null &&
      k.centroid_lat >= s &&
      k.centroid_lat <= n &&
      k.centroid_lng >= w &&
      k.centroid_lng <= e,
  );

describe('the world map on a large catalogue', () => {
  it('GET guide-summary answers no rows and the count in X-Total-Count', async () => {
    const res = await get('/api/v1/guide-summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(Number(res.headers['x-total-count'])).toBe(keys.length);
  });

  it.each([
    ['the world at zoom 1', [-180, -85, 180, 85], 1],
    ['the world at zoom 5 (cells doubled to stay under the bound)', [-180, -85, 180, 85], 5],
    ['a map panned round the world', [-540, -85, 540, 85], 2],
    ['a region at zoom 6', [-125, 30, -100, 50], 6],
  ] as const)('%s: clusters add up to the guides in the view', async (_name, box, zoom) => {
    const found = await clusters(box.join(','), zoom);
    expect(found.length).toBeLessThanOrEqual(CLUSTERS_MAX);
    const [w, s, e, n] = box;
    const want = inBox(Math.max(w, -180), s, Math.min(e, 180), n).length;
    expect(found.reduce((sum, c) => sum + c.count, 0)).toBe(want);
    expect(want).toBeGreaterThan(0);
    for (const c of found) {
      expect(c.lat).toBeGreaterThanOrEqual(s);
      expect(c.lat).toBeLessThanOrEqual(n);
      if (c.count === 1) expect(c.token).toBeTruthy();
      else expect(c.token).toBeUndefined();
    }
  });

  it("at a city's zoom splits a city's guides into single markers with their tokens", async () => {
    const g = keys.find((k) => k.token === 'cat-7')!;
    const [lat, lng] = [g.centroid_lat!, g.centroid_lng!];
    const box = [lng - 0.0005, lat - 0.0005, lng + 0.0005, lat + 0.0005];
    const found = await clusters(box.join(','), 22);
    const want = inBox(box[0]!, box[1]!, box[2]!, box[3]!);
    expect(found.reduce((sum, c) => sum + c.count, 0)).toBe(want.length);
    const single = found.find((c) => c.token === 'cat-7');
    expect(single).toEqual({ lat, lng, count: 1, token: 'cat-7' });
  });

  it.each([
    ['three numbers', 'bbox=1,2,3&zoom=3'],
    ['a word', 'bbox=a,b,c,d&zoom=3'],
    ['no zoom', 'bbox=0,0,10,10'],
    ['zoom 23', 'bbox=0,0,10,10&zoom=23'],
  ])('answers 400 to %s', async (_name, query) => {
    expect((await get(`/api/v1/guide-summary/clusters?${query}`)).statusCode).toBe(400);
  });

  it('answers no clusters for an inside-out view', async () => {
    expect(await clusters('10,0,-10,5', 3)).toEqual([]);
  });
});

/** The `<loc>`s of a sitemap file, after checking it is the document sitemaps.org describes. */
function locs(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
  const item = root === 'urlset' ? 'url' : 'sitemap';
  const line =
    root === 'urlset'
      ? /^<url><loc>[^<>&]*(?:&(?:amp|lt|gt|quot|apos);[^<>&]*)*<\/loc>(<lastmod>[0-9T:.Z-]+<\/lastmod>)?<\/url>$/
      : /^<sitemap><loc>[^<>&]*<\/loc><\/sitemap>$/;
  const lines = xml.split('\n');
  expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  expect(lines[1]).toBe(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  expect(lines.at(-2)).toBe(`</${root}>`);
  expect(lines.at(-1)).toBe('');
  const body = lines.slice(2, -2);
  for (const l of body) expect(l).toMatch(line);
  return body.map((l) => new RegExp(`<${item}><loc>([^<]*)</loc>`).exec(l)![1]!);
}

describe('sitemaps', () => {
  it('robots.txt names the sitemap index', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
  });

  it('the index names the places and every guide file, which hold every published guide once', async () => {
    // A guide whose id is past the first block of 50,000 goes in the second file.
    const far = SITEMAP_URLS_MAX + 17;
    const city = keys[0]!.city_id;
    await env.handle.db
      .insertInto('guides')
      .values({ id: far, token: 'far-guide', title: 'Far Guide', city_id: city })
      .execute();
    await env.handle.db
      .insertInto('guides')
      .values({ token: 'hidden-preview', title: 'Preview', city_id: city, status: 'preview' })
      .execute();
    await bumpContentVersion(env.handle.db);

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = locs(index.body, 'sitemapindex');
    expect(files).toEqual([
      'http://localhost:3000/sitemap-places.xml',
      'http://localhost:3000/sitemap-guides-1.xml',
      'http://localhost:3000/sitemap-guides-2.xml',
    ]);
    const guides: string[] = [];
    for (const f of files.slice(1)) {
      const res = await get(new URL(f).pathname);
      expect(res.statusCode, f).toBe(200);
      const urls = locs(res.body, 'urlset');
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_URLS_MAX);
      guides.push(...urls);
    }
    const want = [...keys.map((k) => k.token), 'far-guide'].map(
      (t) => `http://localhost:3000/guide/${encodeURIComponent(t)}`,
    );
    expect(guides.sort()).toEqual(want.sort());
    expect(guides).not.toContain('http://localhost:3000/guide/hidden-preview');

    const places = locs((await get('/sitemap-places.xml')).body, 'urlset');
    expect(places.slice(0, 2)).toEqual(['http://localhost:3000/', 'http://localhost:3000/map']);
    const cities = new Set(keys.map((k) => k.name_key));
    expect(places.filter((p) => p.includes('/city/'))).toHaveLength(cities.size);
    expect(places).toContain('http://localhost:3000/state/oregon');
  });

  it('answers 304 to a crawler that holds the same version, and 404 past the last file', async () => {
    const first = await get('/sitemap-guides-1.xml');
    const again = await get('/sitemap-guides-1.xml', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    for (const path of ['/sitemap-guides-0.xml', '/sitemap-guides-3.xml', '/sitemap-guides-x.xml'])
      expect((await get(path)).statusCode, path).toBe(404);
  });
});
