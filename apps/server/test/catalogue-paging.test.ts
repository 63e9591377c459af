import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALPHABET,
  CATALOGUE_ORDERS,
  encodeCursor,
  orderParts,
  TOURS_PAGE_SIZE,
  type CatalogueOrder,
  type GuideSummary,
  type ToursPage,
} from '@earshot/core';
import type { TestEnv } from './helpers.js';
import { makeCatalogueEnv, publishedKeys, TEST_GUIDES } from './catalogue-helpers.js';

let env: TestEnv;
let keys: Awaited<ReturnType<typeof publishedKeys>>;
beforeAll(async () => {
  env = await makeCatalogueEnv();
  keys = await publishedKeys(env);
});
afterAll(() => env.close());

const get = (url: string) => env.app.inject({ method: 'GET', url });
type Key = (typeof keys)[number];

/** Byte order of lower-cased keys, as both databases sort them (C collation, BINARY). */
const cmp = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
};
/** The order a list must come in, written out here independently of the server's SQL. */
function expected(order: CatalogueOrder, list: Key[]): number[] {
  const { by, ascending } = orderParts(order);
  const dir = ascending ? 1 : -1;
  const lead = (k: Key) => (by === 'state' ? k.state_key : k.name_key);
  const second = (k: Key) => (by === 'state' ? k.name_key : k.state_key);
  return [...list]
    .sort(
      (a, b) =>
        dir * (cmp(lead(a), lead(b)) || cmp(second(a), second(b)) || a.city_id - b.city_id) ||
        cmp(a.title.toLowerCase(), b.title.toLowerCase()) ||
        a.id - b.id,
    )
    .map((k) => k.id);
}

/** Follows `next` from a first URL to the end; the ids in the order received. */
async function walk(first: string, order: CatalogueOrder, extra = ''): Promise<number[]> {
  const ids: number[] = [];
  let url: string | null = first;
  for (let pages = 0; url && pages < 100; pages++) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const page = res.json<ToursPage>();
    ids.push(...page.guides.map((g) => g.id));
    url = page.next
      ? `/api/v1/tours/page?order=${order}${extra}&after=${encodeURIComponent(page.next)}`
      : null;
  }
  return ids;
}

describe('GET tours on a large catalogue', () => {
  it('answers the first page of the home order with X-Total-Count and a Link to the rest', async () => {
    const res = await get('/api/v1/tours');
    expect(res.statusCode).toBe(200);
    const guides = res.json<GuideSummary[]>();
    expect(guides).toHaveLength(TOURS_PAGE_SIZE);
    expect(Number(res.headers['x-total-count'])).toBe(keys.length);
    expect(keys.length).toBe(TEST_GUIDES + 1);
    expect(guides.map((g) => g.id)).toEqual(expected('state', keys).slice(0, TOURS_PAGE_SIZE));
    const link = String(res.headers.link);
    const m = /^<(\/api\/v1\/tours\/page\?after=[A-Za-z0-9_-]+)>; rel="next"$/.exec(link);
    expect(m, link).not.toBeNull();
    // Following the Link gives exactly the rest, in order.
    const rest = await walk(m![1]!, 'state');
    expect([...guides.map((g) => g.id), ...rest]).toEqual(expected('state', keys));
  });

  it('answers nearby guides from the database, nearest first, as SPEC §7 asks', async () => {
    const res = await get('/api/v1/tours?lat=40&lng=-100&limit=5');
    expect(res.statusCode).toBe(200);
    const guides = res.json<GuideSummary[]>();
    expect(guides).toHaveLength(5);
    const d = guides.map((g) => g.distance);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(res.headers['x-total-count']).toBeUndefined();
  });
});

describe('GET tours/page', () => {
  it.each(CATALOGUE_ORDERS)(
    'in order %s covers every published guide exactly once, in that order',
    async (order) => {
      const ids = await walk(`/api/v1/tours/page?order=${order}`, order);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected(order, keys));
    },
  );

  it('says the total and pages by the asked limit', async () => {
    const page = (await get('/api/v1/tours/page?order=city&limit=7')).json<ToursPage>();
    expect(page.guides).toHaveLength(7);
    expect(page.total).toBe(keys.length);
    expect(page.guides.map((g) => g.id)).toEqual(expected('city', keys).slice(0, 7));
  });

  it.each(['state', 'state-desc', 'city', 'city-desc'] as const)(
    'in order %s jumps to the first group of each letter (else the next in the order)',
    async (order) => {
      const { by, ascending } = orderParts(order);
      const sorted = expected(order, keys).map((id) => keys.find((k) => k.id === id)!);
      const lead = (k: Key) => (by === 'state' ? k.state_key : k.name_key);
      for (const letter of ALPHABET) {
        const page = (
          await get(`/api/v1/tours/page?order=${order}&from=${letter}&limit=3`)
        ).json<ToursPage>();
        const at = sorted.findIndex((k) =>
          ascending ? cmp(lead(k), letter) >= 0 : cmp(lead(k).charAt(0), letter) <= 0,
        );
        const want = at === -1 ? [] : sorted.slice(at, at + 3).map((k) => k.id);
        expect(
          page.guides.map((g) => g.id),
          `${order} from ${letter}`,
        ).toEqual(want);
      }
    },
  );

  it('filters by state and by city, and pages the filtered list completely', async () => {
    const state = keys[0]!.state_key;
    const inState = keys.filter((k) => k.state_key === state);
    const ids = await walk(
      `/api/v1/tours/page?order=city&state=${encodeURIComponent(state.toUpperCase())}&limit=10`,
      'city',
      `&state=${encodeURIComponent(state)}&limit=10`,
    );
    expect(ids).toEqual(expected('city', inState));
    const cityId = keys[5]!.city_id;
    const page = (await get(`/api/v1/tours/page?city_id=${cityId}`)).json<ToursPage>();
    expect(page.total).toBe(keys.filter((k) => k.city_id === cityId).length);
    expect(page.guides.map((g) => g.id)).toEqual(
      expected(
        'state',
        keys.filter((k) => k.city_id === cityId),
      ),
    );
    expect(page.next).toBeNull();
  });

  it.each([
    ['a made-up cursor', 'after=bm9wZQ'],
    [
      'a cursor of another order',
      `order=city&after=${encodeCursor({ order: 'state', keys: ['a', 'b', 1, 'c', 1] })}`,
    ],
    ['a limit above a page', 'limit=201'],
    ['an unknown order', 'order=title'],
    ['offset (keyset paging only)', 'offset=200'],
  ])('answers 400 to %s', async (_name, query) => {
    const res = await get(`/api/v1/tours/page?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });
});

describe('GET tours/letters', () => {
  it.each(['state', 'city-desc'] as const)(
    'names the letters that have groups in %s',
    async (order) => {
      const by = orderParts(order).by;
      const want = [
        ...new Set(keys.map((k) => (by === 'state' ? k.state_key : k.name_key).charAt(0))),
      ]
        .filter((c) => /^[a-z]$/.test(c))
        .sort();
      const res = await get(`/api/v1/tours/letters?order=${order}`);
      expect(res.json()).toEqual({ letters: want });
    },
  );
});
