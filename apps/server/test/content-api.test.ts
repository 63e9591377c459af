import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  badgeSchema,
  challengeSchema,
  citySchema,
  guideDetailSchema,
  guideSummarySchema,
  guideSummaryTableSchema,
  layerSchema,
  multipleChoiceOptionSchema,
  poiSchema,
  scavengerHuntSchema,
  themeResponseSchema,
} from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { importFixture, makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';

let env: TestEnv;
const get = async (url: string) => {
  const res = await env.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
  // Twelve one-stop guides strung out eastwards at 40° N, for nearby search.
  for (let i = 0; i < 12; i++) {
    const dir = await writeSmallGuide(
      env.dir,
      `near-${i}`,
      i < 6 ? 'Portland' : 'Salem',
      'Oregon',
      40,
      -100 + i * 0.1,
    );
    await importBundle(env.handle, env.media, dir);
  }
});
afterAll(() => env.close());

describe('GET /api/health', () => {
  it('answers 200 when ready', async () => {
    const r = await get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
  });
});

describe('GET tours', () => {
  it('lists every guide with its city object', async () => {
    const r = await get('/api/v1/tours');
    expect(r.status).toBe(200);
    const list = z.array(guideSummarySchema).parse(r.body);
    expect(list).toHaveLength(13);
    const mini = list.find((g) => g.token === 'mini-walk')!;
    expect(mini.city).toMatchObject({ name: 'Testville', state: 'Oregon' });
    expect(mini.distance).toBe(-1);
    expect(mini.num_pois).toBe(2);
    expect(mini.languages).toEqual([
      { code: 'en', label: 'English' },
      { code: 'es', label: 'Español' },
    ]);
    expect(mini.splash_url).toMatch(/^\/static\/tours\/\d+\/media\/a\.jpg\?v=[0-9a-f]+$/);
  });

  it('finds the nearest guides with distance in km, 10 by default', async () => {
    const r = await get('/api/v1/tours?lat=40&lng=-100');
    expect(r.status).toBe(200);
    const list = z.array(guideSummarySchema).parse(r.body);
    expect(list).toHaveLength(10);
    expect(list[0]!.token).toBe('near-0');
    expect(list[0]!.distance).toBeCloseTo(0, 5);
    // 0.1° of longitude at 40° N is 8.52 km on a sphere of radius 6371 km.
    expect(list[1]!.token).toBe('near-1');
    expect(list[1]!.distance).toBeCloseTo(8.52, 1);
    const distances = list.map((g) => g.distance);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('honours limit', async () => {
    const r = await get('/api/v1/tours?lat=40&lng=-100&limit=3');
    expect(r.body).toHaveLength(3);
  });

  it.each([
    ['lat=abc&lng=1', 'lat'],
    ['lat=91&lng=0', 'lat'],
    ['lat=10', 'lat and lng go together'],
    ['lat=1&lng=1&limit=0', 'limit'],
    ['lat=1&lng=1&limit=2.5', 'limit'],
    ['bogus=1', 'bogus'],
  ])('refuses %s with 400', async (query, word) => {
    const r = await get(`/api/v1/tours?${query}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(word);
  });
});

describe('GET tour-by-token/{token}', () => {
  it('gives the guide with city, pois (also as locations), layers, badges, radii and images', async () => {
    const r = await get('/api/v1/tour-by-token/mini-walk');
    expect(r.status).toBe(200);
    const g = guideDetailSchema.parse(r.body);
    expect(g.city.name).toBe('Testville');
    expect(g.pois.map((p) => p.token)).toEqual(['mini-one', 'mini-two']);
    expect(g.locations).toEqual(g.pois);
    expect(g.layers.map((l) => l.name)).toEqual(['Art', 'History']);
    expect(g.badges[0]!.levels.map((l) => [l.name, l.required, l.badge_token])).toEqual([
      ['Bronze', 1, 'mini-explorer'],
      ['Silver', 2, 'mini-explorer'],
      ['Gold', 3, 'mini-explorer'],
    ]);
    expect(g).toMatchObject({
      badge_radius: 30,
      autoplay_radius: 50,
      notification_radius: 75,
      beacon_range: 50,
      attract_radius_leave_buffer: 50,
      map_type: 'satellite',
      has_keypad: true,
      status: 'data',
      language: 'en',
    });
    expect(g.images).toHaveLength(2);
    expect(g.route).toEqual([
      [-122.67, 45.51],
      [-122.671, 45.512],
    ]);
  });

  it('carries the POI summary fields of SPEC §3', async () => {
    const g = guideDetailSchema.parse((await get('/api/v1/tour-by-token/mini-walk')).body);
    const [one, two] = g.pois;
    expect(one).toMatchObject({
      token: 'mini-one',
      title: 'First Stop',
      subtitle: 'A sculpture',
      description: '<p>Bronze.</p>',
      color: 'aa3355',
      distance: -1,
      keypad_code: 101,
      badge_radius: 30,
      autoplay_radius: 50,
      notification_radius: 75,
    });
    expect(one!.audio_url).toMatch(/^\/static\/tours\/\d+\/media\/en\.mp3\?v=/);
    expect(one!.image_urls).toHaveLength(2);
    // The publisher's alt texts, one per picture ('' where none was written).
    expect(one!.image_alts).toEqual(['A bronze heron on one leg', '']);
    expect(one!.challenge).toEqual(expect.any(Number));
    expect(one!.translations.es!.title).toBe('Primera parada');
    // No images: the placeholder. Notification radius 0 reads as 75; no colour: the default marker colour.
    expect(two).toMatchObject({
      image_urls: ['/static/placeholder.svg'],
      image_alts: [''],
      notification_radius: 75,
      color: '22ee22',
      hide_directions: true,
    });
  });

  it('gives POI texts in the asked language', async () => {
    const g = guideDetailSchema.parse((await get('/api/v1/tour-by-token/mini-walk?lang=es')).body);
    expect(g.language).toBe('es');
    expect(g.pois[0]!.title).toBe('Primera parada');
    expect(g.pois[0]!.audio_url).toMatch(/es\.mp3/);
  });

  it('strips a trailing encoded space from the token', async () => {
    expect((await get('/api/v1/tour-by-token/mini-walk%20')).status).toBe(200);
  });

  it.each([
    ['bad!token', 400],
    ['a%20b', 400],
    ['no-such-guide', 404],
  ])('answers %s with %i and a message', async (token, status) => {
    const r = await get(`/api/v1/tour-by-token/${token}`);
    expect(r.status).toBe(status);
    expect(r.body.message).toEqual(expect.any(String));
  });
});

describe('cities', () => {
  it('GET cities lists cities', async () => {
    const list = z.array(citySchema).parse((await get('/api/v1/cities')).body);
    expect(list.map((c) => c.name).sort()).toEqual(['Portland', 'Salem', 'Testville']);
  });

  it('GET city/{id}/tours lists the guides of one city', async () => {
    const cities = z.array(citySchema).parse((await get('/api/v1/cities')).body);
    const salem = cities.find((c) => c.name === 'Salem')!;
    const r = await get(`/api/v1/city/${salem.id}/tours`);
    const list = z.array(guideSummarySchema).parse(r.body);
    expect(list).toHaveLength(6);
    expect(list.every((g) => g.city.name === 'Salem')).toBe(true);
  });

  it.each([
    ['abc', 400],
    ['1.5', 400],
    ['999999', 404],
  ])('city/%s/tours answers %i', async (id, status) => {
    expect((await get(`/api/v1/city/${id}/tours`)).status).toBe(status);
  });
});

describe('guides/{token}/theme', () => {
  it('gives the theme, or an empty default theme', async () => {
    expect(themeResponseSchema.parse((await get('/api/v1/guides/mini-walk/theme')).body)).toEqual({
      name: 'mini',
      client_id: 'mini-client',
      colors: { primary: '#224466', 'dark-primary': '#9fc3e6' },
      classes: { '.es-card .es-card-title': { 'text-transform': 'uppercase' } },
    });
    expect((await get('/api/v1/guides/near-1/theme')).body).toEqual({
      name: 'default',
      colors: {},
      classes: {},
    });
    expect((await get('/api/v1/guides/nope/theme')).status).toBe(404);
  });
});

describe('pois_by_token/{token}', () => {
  it('gives one POI', async () => {
    const poi = poiSchema.parse((await get('/api/v1/pois_by_token/mini-two')).body);
    expect(poi.title).toBe('Second Stop');
    expect(poiSchema.parse((await get('/api/v1/pois_by_token/mini-two?lang=es')).body).title).toBe(
      'Segunda parada',
    );
    expect((await get('/api/v1/pois_by_token/nope')).status).toBe(404);
    expect((await get('/api/v1/pois_by_token/no$pe')).status).toBe(400);
  });
});

describe('guide-summary', () => {
  it('maps token to num_pois, lat and lng', async () => {
    const table = guideSummaryTableSchema.parse((await get('/api/v1/guide-summary')).body);
    expect(table['mini-walk']).toEqual({
      title: 'Mini Walk',
      num_pois: 2,
      lat: expect.closeTo(45.511, 3),
      lng: expect.closeTo(-122.6705, 3),
    });
    expect(Object.keys(table)).toHaveLength(13);
  });
});

describe('badges', () => {
  it('lists badges with levels, filtered by guide__token and contest_type', async () => {
    const r = await get('/api/v1/badges?guide__token=mini-walk&contest_type=badge');
    const list = z.array(badgeSchema).parse(r.body);
    expect(list).toHaveLength(1);
    expect(list[0]!.levels.every((l) => l.badge_token === 'mini-explorer')).toBe(true);
    expect((await get('/api/v1/badges?guide__token=near-1')).body).toEqual([]);
    expect((await get('/api/v1/badges?contest_type=other')).status).toBe(400);
  });
});

describe('generic resources and Django-style filters', () => {
  const huntId = async () =>
    z
      .array(scavengerHuntSchema)
      .parse((await get('/api/v1/scavenger_hunts?guide__token=mini-walk')).body)[0]!.id;

  it('scavenger hunts by guide__token', async () => {
    const hunts = z
      .array(scavengerHuntSchema)
      .parse((await get('/api/v1/scavenger_hunts?guide__token=mini-walk')).body);
    expect(hunts).toHaveLength(1);
    expect(hunts[0]).toMatchObject({
      name: 'Mini Hunt',
      contest_type: 'scavenger',
      guide_token: 'mini-walk',
    });
    expect(hunts[0]!.challenges).toHaveLength(4);
  });

  it('POIs by guide__token', async () => {
    const pois = z.array(poiSchema).parse((await get('/api/v1/pois?guide__token=mini-walk')).body);
    expect(pois.map((p) => p.token)).toEqual(['mini-one', 'mini-two']);
  });

  it('guides by token, and one guide by id', async () => {
    const list = z
      .array(guideSummarySchema)
      .parse((await get('/api/v1/guides?token=mini-walk')).body);
    expect(list).toHaveLength(1);
    const one = guideSummarySchema.parse((await get(`/api/v1/guides/${list[0]!.id}/`)).body);
    expect(one.token).toBe('mini-walk');
  });

  it('challenges by scavenger_hunt, by poi, by scavenger_hunt__guide__token, by poi__guide__token and poi__token', async () => {
    const id = await huntId();
    const byHunt = z
      .array(challengeSchema)
      .parse((await get(`/api/v1/challenges?scavenger_hunt=${id}`)).body);
    expect(byHunt.map((c) => c.resourcetype)).toEqual([
      'PhotoChallenge',
      'MultipleChoiceChallenge',
      'TextChallenge',
      'NumberChallenge',
    ]);
    const poiOne = byHunt[0]!.poi!;
    expect((await get(`/api/v1/challenges?poi=${poiOne}`)).body).toHaveLength(2);
    expect(
      (await get('/api/v1/challenges?scavenger_hunt__guide__token=mini-walk')).body,
    ).toHaveLength(4);
    const pair = z
      .array(challengeSchema)
      .parse(
        (await get('/api/v1/challenges?poi__guide__token=mini-walk&poi__token=mini-two')).body,
      );
    expect(pair.map((c) => c.title)).toEqual(['Name it']);
    expect((await get('/api/v1/challenges?poi__guide__token=near-1')).body).toEqual([]);
  });

  it('one challenge by id, and multiple-choice options by challenge', async () => {
    const id = await huntId();
    const list = z
      .array(challengeSchema)
      .parse((await get(`/api/v1/challenges?scavenger_hunt=${id}`)).body);
    const mc = list.find((c) => c.resourcetype === 'MultipleChoiceChallenge')!;
    expect(challengeSchema.parse((await get(`/api/v1/challenges/${mc.id}/`)).body).title).toBe(
      'What metal?',
    );
    const options = z
      .array(multipleChoiceOptionSchema)
      .parse((await get(`/api/v1/multiple_choice_options?challenge=${mc.id}`)).body);
    expect(options.map((o) => o.value)).toEqual(['Bronze', 'Steel']);
    expect(options.every((o) => o.challenge === mc.id)).toBe(true);
  });

  it('layers by guide__token, badge levels by badge', async () => {
    const layers = z
      .array(layerSchema)
      .parse((await get('/api/v1/layers?guide__token=mini-walk')).body);
    expect(layers.map((l) => l.name)).toEqual(['Art', 'History']);
    const badge = z
      .array(badgeSchema)
      .parse((await get('/api/v1/badges?guide__token=mini-walk')).body)[0]!;
    const levels = (await get(`/api/v1/badge_levels?badge=${badge.id}`)).body as { name: string }[];
    expect(levels.map((l) => l.name)).toEqual(['Bronze', 'Silver', 'Gold']);
  });

  it('cities by name, case-insensitively', async () => {
    expect((await get('/api/v1/cities?name=salem')).body).toHaveLength(1);
  });

  it.each([
    ['/api/v1/pois?colour=red', 400, 'unknown filter'],
    ['/api/v1/challenges?scavenger_hunt=abc', 400, 'whole number from 1 to 2147483647'],
    ['/api/v1/pois?guide__token=a%20b', 400, 'token'],
    ['/api/v1/challenges/abc/', 400, 'whole number from 1 to 2147483647'],
    ['/api/v1/challenges/999999/', 404, 'No challenges'],
    ['/api/v1/unicorns', 404, 'Unknown resource'],
    ['/api/v1/Bad-Name', 400, 'snake_case'],
  ])('%s answers %i', async (url, status, text) => {
    const r = await get(url);
    expect(r.status).toBe(status);
    expect(r.body.message).toContain(text);
  });
});

describe('calls that need sign-in answer 401', () => {
  it.each([
    ['GET', '/api/v1/awards'],
    ['GET', '/api/v1/user_answers?challenge=1'],
    ['GET', '/api/v1/correct_answers?challenge=1'],
    ['POST', '/api/v1/user_answers/'],
    ['PATCH', '/api/v1/user_answers/1/'],
    ['DELETE', '/api/v1/user_answers/1/'],
    ['POST', '/api/v1/guides_by_token/mini-walk/subscribe/'],
    ['POST', '/api/v1/unregister/'],
  ])('%s %s', async (method, url) => {
    const res = await env.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sign in required');
  });
});

describe('tracking', () => {
  it('records a POI visit', async () => {
    const ok = await env.app.inject({
      method: 'POST',
      url: '/api/v1/visit_poi/',
      payload: { guide_token: 'mini-walk', poi_token: 'mini-one', language: 'es' },
    });
    expect(ok.statusCode).toBe(201);
    const rows = await env.handle.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('poi_token', '=', 'mini-one')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'poi-visit', guide_token: 'mini-walk', language: 'es' });
    const missing = await env.app.inject({
      method: 'POST',
      url: '/api/v1/visit_poi/',
      payload: { guide_token: 'mini-walk', poi_token: 'near-1-poi' },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/v1/visit_poi/',
      payload: { guide_token: 'x y' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('records a city list view', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      payload: { kind: 'city-list-view', place: 'Portland' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('media', () => {
  it('serves media with long cache headers and byte ranges', async () => {
    const g = guideDetailSchema.parse((await get('/api/v1/tour-by-token/mini-walk')).body);
    const url = g.pois[0]!.audio_url!;
    const full = await env.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['cache-control']).toContain('max-age=31536000');
    const part = await env.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
  });

  it('serves the placeholder image and refuses paths outside the media folder', async () => {
    expect(
      (await env.app.inject({ method: 'GET', url: '/static/placeholder.svg' })).statusCode,
    ).toBe(200);
    expect(
      (await env.app.inject({ method: 'GET', url: '/static/tours/1/../../../../etc/passwd' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await env.app.inject({ method: 'GET', url: '/static/tours/1/media/none.jpg' })).statusCode,
    ).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the API as OpenAPI 3.1 at /api/docs', async () => {
    const doc = (await get('/api/docs/json')).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/v1/tours',
      '/api/v1/tour-by-token/{token}',
      '/api/v1/city/{id}/tours',
      '/api/v1/cities',
      '/api/v1/pois',
      '/api/v1/guides/{id}/',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect((await env.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(
      400,
    );
  });
});
