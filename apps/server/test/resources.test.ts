import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guideSummarySchema, poiSchema } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../src/modules/resources/routes.js';
import {
  countTrackingEvents,
  importFixture,
  makeEnv,
  writeSmallGuide,
  type TestEnv,
} from './helpers.js';

let env: TestEnv;
let queries: string[] = [];
const get = async (url: string) => {
  const res = await env.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  env = await makeEnv({}, { onQuery: (sql) => queries.push(sql) });
  await importFixture(env);
  for (let i = 0; i < 6; i++) {
    const dir = await writeSmallGuide(env.dir, `page-${i}`, 'Bend', 'Oregon', 44, -121 + i / 10);
    await importBundle(env.handle, env.media, dir);
  }
});
afterAll(() => env.close());

describe('ids beyond the database integer range', () => {
  it.each([
    '/api/v1/guides/2147483648/',
    '/api/v1/city/99999999999/tours',
    '/api/v1/pois?guide=99999999999',
    '/api/v1/challenges?scavenger_hunt=2147483648',
    '/api/v1/badges/0/',
    `/api/v1/layers/${'9'.repeat(300)}/`,
  ])('%s answers 400 with a clear message', async (url) => {
    const r = await get(url);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('An id is a whole number from 1 to 2147483647');
  });

  it('the largest id is a valid id: it answers 404, not 400', async () => {
    expect((await get('/api/v1/guides/2147483647/')).status).toBe(404);
    expect((await get('/api/v1/city/2147483647/tours')).status).toBe(404);
    expect((await get('/api/v1/pois?guide=2147483647')).body).toEqual([]);
  });
});

describe('generic lists are paged', () => {
  const tokens = async (url: string) =>
    z
      .array(guideSummarySchema)
      .parse((await get(url)).body)
      .map((g) => g.token);

  it('limit and offset walk the list in a stable order', async () => {
    const all = await tokens('/api/v1/guides');
    expect(all).toHaveLength(7);
    expect(await tokens('/api/v1/guides?limit=3')).toEqual(all.slice(0, 3));
    expect(await tokens('/api/v1/guides?limit=3&offset=3')).toEqual(all.slice(3, 6));
    expect(await tokens('/api/v1/guides?limit=3&offset=6')).toEqual(all.slice(6));
    expect(await tokens('/api/v1/guides?offset=2147483647')).toEqual([]);
    const pois = z.array(poiSchema).parse((await get('/api/v1/pois?limit=2&offset=1')).body);
    expect(pois).toHaveLength(2);
  });

  it(`answers at most ${DEFAULT_PAGE_LIMIT} items by default and refuses more than ${MAX_PAGE_LIMIT}`, async () => {
    expect(DEFAULT_PAGE_LIMIT).toBeLessThanOrEqual(MAX_PAGE_LIMIT);
    expect((await get(`/api/v1/pois?limit=${MAX_PAGE_LIMIT}`)).status).toBe(200);
    for (const [q, text] of [
      [`limit=${MAX_PAGE_LIMIT + 1}`, `limit is a whole number from 1 to ${MAX_PAGE_LIMIT}`],
      ['limit=0', 'limit is a whole number'],
      ['limit=-1', 'limit is a whole number'],
      ['limit=ten', 'limit is a whole number'],
      ['offset=-1', 'offset is a whole number from 0 to 2147483647'],
      ['offset=2147483648', 'offset is a whole number'],
      ['limit=1&limit=2', 'query limit'],
    ] as const) {
      const r = await get(`/api/v1/layers?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message, q).toContain(text);
    }
  });

  it('an unknown filter is named in the answer with the allowed ones', async () => {
    const r = await get('/api/v1/layers?colour=red');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'Invalid request: query: unknown filter "colour" for layers (allowed: guide__token, guide, limit, offset)',
    );
  });

  it('a page of POIs of many guides takes the same number of queries as one of one guide', async () => {
    const count = async (url: string) => {
      queries = [];
      const r = await get(url);
      expect(r.status).toBe(200);
      return { items: (r.body as unknown[]).length, queries: queries.length };
    };
    // Each URL is asked once, so that no answer comes from the response cache.
    const one = await count('/api/v1/pois?guide__token=page-0');
    const many = await count('/api/v1/pois?limit=999');
    expect(one.items).toBe(1);
    expect(many.items).toBe(8);
    expect(many.queries).toBe(one.queries);
    for (const resource of [
      'guides',
      'badges',
      'scavenger_hunts',
      'challenges',
      'layers',
      'badge_levels',
    ]) {
      const small = await count(`/api/v1/${resource}?limit=1`);
      const big = await count(`/api/v1/${resource}?limit=999`);
      expect(big.items, resource).toBeGreaterThanOrEqual(small.items);
      expect(big.queries, resource).toBe(small.queries);
    }
  });
});

describe('what stays as it was', () => {
  it.each([
    ['GET', '/api/v1/unicorns', 404, 'Unknown resource "unicorns"'],
    ['GET', '/api/v1/unicorns/1/', 404, 'Unknown resource "unicorns"'],
    ['POST', '/api/v1/unicorns/', 404, 'Unknown resource "unicorns"'],
    ['DELETE', '/api/v1/unicorns/1/', 404, 'Unknown resource "unicorns"'],
    ['POST', '/api/v1/pois/', 401, 'Sign in required'],
    ['PATCH', '/api/v1/guides/1/', 401, 'Sign in required'],
    ['DELETE', '/api/v1/challenges/1/', 401, 'Sign in required'],
    ['GET', '/api/v1/subscriptions', 401, 'Sign in required'],
    ['GET', '/api/v1/correct_answers/1/', 401, 'Sign in required'],
    ['GET', '/api/v1/correct_answers?challenge=99999999999', 401, 'Sign in required'],
  ])('%s %s answers %i', async (method, url, status, message) => {
    const res = await env.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('a city by id', async () => {
    const cities = (await get('/api/v1/cities')).body as { id: number; name: string }[];
    const bend = cities.find((c) => c.name === 'Bend')!;
    expect((await get(`/api/v1/cities/${bend.id}/`)).body).toEqual({
      id: bend.id,
      name: 'Bend',
      state: 'Oregon',
    });
  });
});

describe('text a database cannot hold', () => {
  it.each([
    ['GET', '/api/v1/guides?city__name=Port%00land'],
    ['GET', '/api/v1/cities?name=%00'],
    ['POST', '/api/v1/events/'],
  ])('%s %s with a NUL character answers 400 and stores nothing', async (method, url) => {
    const count = () => countTrackingEvents(env);
    const before = await count();
    const res = await env.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'POST' ? { kind: 'search', place: 'Port\u0000land' } : undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Control characters are not allowed');
    expect(await count()).toBe(before);
  });
});

describe('what visitors are not given', () => {
  // The fixture's number challenge is checked against 3, its `value` (docs/security.md).
  it("holds back a number challenge's value: the number its answer is checked against", async () => {
    const lists = [
      await get('/api/v1/challenges?scavenger_hunt__guide__token=mini-walk'),
      await get('/api/v1/challenges?resourcetype=NumberChallenge'),
    ];
    const numbers = lists.flatMap((l) =>
      (l.body as { id: number; resourcetype: string; value: number | null }[]).filter(
        (c) => c.resourcetype === 'NumberChallenge',
      ),
    );
    expect(numbers.length).toBe(2);
    for (const c of numbers) {
      expect(c.value).toBeNull();
      expect((await get(`/api/v1/challenges/${c.id}/`)).body).toMatchObject({ value: null });
    }
    const stored = await env.handle.db
      .selectFrom('challenges')
      .select('value')
      .where('id', '=', numbers[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(3);
  });
});
