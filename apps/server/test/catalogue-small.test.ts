import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideSummary, ToursPage, ToursSearch } from '@earshot/core';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
});
afterAll(() => env.close());

const get = (url: string) => env.app.inject({ method: 'GET', url });

describe('a small catalogue (at most FULL_LIST_MAX guides) answers as before', () => {
  it('GET tours is the whole list, without paging headers', async () => {
    const res = await get('/api/v1/tours');
    expect(res.statusCode).toBe(200);
    expect(res.json<GuideSummary[]>().map((g) => g.token)).toEqual(['mini-walk']);
    expect(res.headers['x-total-count']).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  it('GET guide-summary is the whole table', async () => {
    const res = await get('/api/v1/guide-summary');
    expect(Object.keys(res.json<Record<string, unknown>>())).toEqual(['mini-walk']);
    expect(res.headers['x-total-count']).toBeUndefined();
  });

  it('GET city/{id}/tours is the whole city', async () => {
    const [g] = (await get('/api/v1/tours')).json<GuideSummary[]>();
    const res = await get(`/api/v1/city/${g!.city_id}/tours`);
    expect(res.json<GuideSummary[]>().map((x) => x.token)).toEqual(['mini-walk']);
    expect(res.headers['x-total-count']).toBeUndefined();
  });

  it('the paging, search and cluster calls answer on it too', async () => {
    const page = (await get('/api/v1/tours/page')).json<ToursPage>();
    expect(page).toMatchObject({ total: 1, next: null });
    expect(page.guides.map((g) => g.token)).toEqual(['mini-walk']);
    const found = (await get('/api/v1/tours/search?q=mini%20walk')).json<ToursSearch>();
    expect(found.guides.map((g) => g.token)).toEqual(['mini-walk']);
    const res = await get('/api/v1/guide-summary/clusters?bbox=-180,-85,180,85&zoom=1');
    expect(res.json()).toMatchObject({ clusters: [{ count: 1, token: 'mini-walk' }] });
    expect((await get('/api/v1/tours/letters')).json()).toEqual({ letters: ['o'] });
  });
});
