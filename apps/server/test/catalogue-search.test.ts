import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_SEARCH_MAX,
  type GuideSummary,
  type ToursPage,
  type ToursSearch,
} from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { writeBundle, type TestEnv } from './helpers.js';
import { makeCatalogueEnv, publishedKeys } from './catalogue-helpers.js';

let env: TestEnv;
let keys: Awaited<ReturnType<typeof publishedKeys>>;
beforeAll(async () => {
  env = await makeCatalogueEnv();
  keys = await publishedKeys(env);
});
afterAll(() => env.close());

const search = async (q: string, extra = '') => {
  const res = await env.app.inject({
    method: 'GET',
    url: `/api/v1/tours/search?q=${encodeURIComponent(q)}${extra}`,
  });
  expect(res.statusCode, `${q}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json<ToursSearch>();
};
const importTitled = async (
  token: string,
  title: string,
  status?: 'preview',
  languages?: { code: string; label: string }[],
) =>
  importBundle(
    env.handle,
    env.media,
    await writeBundle(env.dir, `${token}-${title.length}`, (b) => {
      b.guide.token = token;
      b.guide.title = title;
      b.guide.description = '<p>Nothing else matches this.</p>';
      if (languages) b.guide.languages = languages;
      b.hunts = [];
      b.badges = [];
      for (const [i, p] of (b.pois ?? []).entries()) p.token = `${token}-poi-${i}`;
    }),
    status ? { status, owner: null } : {},
  );
/** The same guide as the list pages answer it (`tours/page` of its city). */
const listed = async (guide: GuideSummary) => {
  const res = await env.app.inject({
    method: 'GET',
    url: `/api/v1/tours/page?city_id=${guide.city_id}&limit=200`,
  });
  return res.json<ToursPage>().guides.find((g) => g.id === guide.id);
};

describe('GET tours/search on a large catalogue', () => {
  it.each([0, 17, 1234, 2299])('ranks the exact title of guide %i first', async (i) => {
    const guide = keys.find((k) => k.token === `cat-${i}`)!;
    for (const q of [guide.title, guide.title.toUpperCase()]) {
      const found = await search(q);
      expect(found.guides[0]?.token, q).toBe(guide.token);
      expect(found.guides.length).toBeLessThanOrEqual(CATALOGUE_SEARCH_MAX);
      expect(found.total).toBeGreaterThanOrEqual(found.guides.length);
    }
  });

  it('puts titles that start with the query before the rest, and counts all matches', async () => {
    const found = await search('Bronze Murals');
    expect(found.guides).toHaveLength(Math.min(CATALOGUE_SEARCH_MAX, found.total));
    const starting = keys.filter((k) => k.title.toLowerCase().startsWith('bronze murals'));
    expect(starting.length).toBeGreaterThan(0);
    const shown = Math.min(starting.length, CATALOGUE_SEARCH_MAX);
    for (const g of found.guides.slice(0, shown))
      expect(g.title.toLowerCase().startsWith('bronze murals'), g.title).toBe(true);
    expect(found.total).toBeGreaterThanOrEqual(starting.length);
  });

  it('finds the guides of a city by its name (weight 2), that city first', async () => {
    const city = keys[42]!;
    const name = city.name_key;
    const inCity = keys.filter((k) => k.city_id === city.city_id);
    const found = await search(name, '&limit=5');
    expect(found.guides.length).toBe(Math.min(5, found.total));
    expect(found.guides[0]!.city.name.toLowerCase()).toBe(name);
    expect(found.total).toBeGreaterThanOrEqual(inCity.length);
  });

  it.each(['state', 'city'] as const)(
    "searches one %s's guides, not only those among the whole catalogue's best",
    async (kind) => {
      // Titles that start with the query come first: more than a page of them in the catalogue.
      const starting = keys.filter((k) => k.title.toLowerCase().startsWith('bronze '));
      const best = new Set((await search('bronze')).guides.map((g) => g.id));
      expect(starting.length).toBeGreaterThan(CATALOGUE_SEARCH_MAX);
      const key = kind === 'state' ? 'state_key' : 'name_key';
      const missed = starting.find((k) => !best.has(k.id))!;
      const there = starting.filter((k) => k[key] === missed[key]);
      expect(there.length).toBeLessThanOrEqual(CATALOGUE_SEARCH_MAX);
      const found = await search(
        'bronze',
        `&${kind}=${encodeURIComponent(missed[key].toUpperCase())}`,
      );
      for (const g of found.guides)
        expect((kind === 'state' ? g.city.state : g.city.name).toLowerCase()).toBe(missed[key]);
      expect(
        found.guides
          .slice(0, there.length)
          .map((g) => g.id)
          .sort(),
      ).toEqual(there.map((k) => k.id).sort());
    },
  );

  it('keeps its index in step with imports: new, renamed and preview guides', async () => {
    await importTitled('quokka-walk', 'Zanzibar Quokka Promenade');
    expect((await search('zanzibar quokka')).guides.map((g) => g.token)).toEqual(['quokka-walk']);
    await importTitled('quokka-walk', 'Xylophone Quokka Parade');
    expect((await search('zanzibar')).total).toBe(0);
    expect((await search('xylophone')).guides.map((g) => g.token)).toEqual(['quokka-walk']);
    // A studio preview is a guide of status `preview`: reached by its link, never searched.
    await importTitled('quokka-preview', 'Marzipan Wombat Preview', 'preview');
    expect((await search('marzipan wombat')).total).toBe(0);
  });

  it('answers each guide as the list does: its city, pictures and languages (none, several)', async () => {
    await importTitled('lang-none', 'Quillwort Lantern Walk', undefined, []);
    await importTitled('lang-two', 'Quillwort Lantern Tour', undefined, [
      { code: 'es', label: 'Español' },
      { code: 'en', label: 'English' },
    ]);
    const found = await search('quillwort lantern');
    expect(found.guides.map((g) => g.token).sort()).toEqual(['lang-none', 'lang-two']);
    expect(found.total).toBe(2);
    const byToken = new Map(found.guides.map((g) => [g.token, g]));
    expect(byToken.get('lang-none')!.languages).toEqual([]);
    expect(byToken.get('lang-two')!.languages).toEqual([
      { code: 'es', label: 'Español' },
      { code: 'en', label: 'English' },
    ]);
    // Every field, not only those: the generated guides and the fixture's too.
    const more = await search('bronze', '&limit=30');
    for (const g of [...found.guides, ...more.guides]) expect(g).toEqual(await listed(g));
  });

  it('keeps its order across page sizes: a smaller limit answers the first of a larger one', async () => {
    const city = keys[7]!.name_key;
    const all = await search(city);
    const few = await search(city, '&limit=3');
    expect(all.guides.length).toBeGreaterThan(3);
    expect(few.guides.map((g) => g.id)).toEqual(all.guides.slice(0, 3).map((g) => g.id));
    expect(few.total).toBe(all.total);
  });

  it.runIf(process.env.DATABASE_URL)(
    'forgives a typo on PostgreSQL (pg_trgm word similarity)',
    async () => {
      const found = await search('Xylophon Quoka');
      expect(found.guides[0]?.token).toBe('quokka-walk');
    },
  );

  it.each([
    ['two characters (SPEC §9 minimum match length)', 'q=ab'],
    ['spaces around two characters', 'q=%20ab%20%20'],
    ['no query', ''],
    ['more than 30 results', 'q=bronze&limit=31'],
    ['a blank city', 'q=bronze&city=%20'],
    ['a state with a control character', 'q=bronze&state=a%00b'],
  ])('answers 400 to %s', async (_name, query) => {
    const res = await env.app.inject({ method: 'GET', url: `/api/v1/tours/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/q|limit|city|state/);
  });

  it('answers queries with quotes, percent signs and SQL-looking text without error', async () => {
    for (const q of ['"bronze"', "o'brien", '100%', 'a_b%c', "'); drop table guides; --"])
      expect((await search(q)).guides.length).toBeGreaterThanOrEqual(0);
  });
});
