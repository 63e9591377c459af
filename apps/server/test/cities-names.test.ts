import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { citySchema, guideSummarySchema } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';

// City names hold spaces and dots ("San Francisco", "St. Paul"): the calls that take a place
// by name accept them as a city is named, and still refuse control characters and absurd
// lengths with a clear 400.

let env: TestEnv;
const get = (url: string) => env.app.inject({ url });
const PLACES: [token: string, city: string, state: string][] = [
  ['sf-walk', 'San Francisco', 'California'],
  ['st-paul-walk', 'St. Paul', 'Minnesota'],
  ['slc-walk', 'Salt Lake City', 'Utah'],
  ['nm-walk', 'Santa Fe', 'New Mexico'],
];

beforeAll(async () => {
  env = await makeEnv();
  for (const [i, [token, city, state]] of PLACES.entries())
    await importBundle(
      env.handle,
      env.media,
      await writeSmallGuide(env.dir, token, city, state, 40, -100 + i),
    );
});
afterAll(() => env.close());

describe('a place named with spaces', () => {
  it.each([
    ['name=San%20Francisco', 'San Francisco'],
    ['name=san+francisco', 'San Francisco'],
    ['name=St.%20Paul', 'St. Paul'],
    ['name=SALT%20LAKE%20CITY', 'Salt Lake City'],
    ['state=New%20Mexico', 'Santa Fe'],
    ['name=Santa%20Fe&state=new%20mexico', 'Santa Fe'],
  ])('cities?%s finds %s', async (query, name) => {
    const res = await get(`/api/v1/cities?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      z
        .array(citySchema)
        .parse(res.json())
        .map((c) => c.name),
    ).toEqual([name]);
  });

  it('filters resources by city__name and city__state', async () => {
    const res = await get('/api/v1/guides?city__name=St.%20Paul');
    expect(res.statusCode, res.body).toBe(200);
    const tokens = (res.json() as { token: string }[]).map((g) => g.token);
    expect(tokens).toEqual(['st-paul-walk']);
    const state = await get('/api/v1/guides?city__state=New%20Mexico');
    expect((state.json() as { token: string }[]).map((g) => g.token)).toEqual(['nm-walk']);
  });

  it('lists a city page by its id once found by name', async () => {
    const [sf] = (await get('/api/v1/cities?name=San%20Francisco')).json() as { id: number }[];
    const list = await get(`/api/v1/city/${sf!.id}/tours`);
    expect(
      z
        .array(guideSummarySchema)
        .parse(list.json())
        .map((g) => g.token),
    ).toEqual(['sf-walk']);
  });

  it('records a city list view of a name with spaces', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      payload: { kind: 'city-list-view', place: 'San Francisco' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['name=San%00Francisco', 'Control characters are not allowed'],
    ['name=San%0AFrancisco', 'Control characters are not allowed'],
    ['name=San%09Francisco', 'Control characters are not allowed'],
    ['name=St.%E2%80%AEPaul', 'Control characters are not allowed'],
    ['name=%20%20', 'A place name cannot be blank'],
    ['name=', 'A place name cannot be blank'],
    [`name=${'a%20'.repeat(101)}`, 'name'],
    [`state=${'x'.repeat(201)}`, 'state'],
    ['name=x&colour=red', 'colour'],
  ])('cities?%s answers 400 (%s)', async (query, text) => {
    const res = await get(`/api/v1/cities?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(text);
  });
});
