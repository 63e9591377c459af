import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../src/bundles/bundle-import.js';
import {
  countTrackingEvents,
  importFixture,
  makeEnv,
  writeSmallGuide,
  type TestEnv,
} from './helpers.js';

// SPEC §7 "Track POI views and plays": guide token and POI token pair plus the selected
// language, through a call of its own (visit_poi/ is kept for visits, which award points).
const LIMIT = 4;
let env: TestEnv;
beforeAll(async () => {
  env = await makeEnv({ writesPerMinute: LIMIT });
  await importFixture(env);
  await importBundle(
    env.handle,
    env.media,
    await writeSmallGuide(env.dir, 'other', 'Salem', 'Oregon', 45, -123),
  );
});
afterAll(() => env.close());

/** Requests come from their own addresses, so that only the rate-limit test meets the limit. */
const post = (url: string, payload: unknown, remoteAddress: string) =>
  env.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

const rows = (poi: string) =>
  env.handle.db
    .selectFrom('tracking_events')
    .select(['kind', 'guide_token', 'poi_token', 'language'])
    .where('poi_token', '=', poi)
    .orderBy('id')
    .execute();

describe('POST track_poi/', () => {
  it('records a play, a view and a direct visit with the selected language', async () => {
    const at = '10.0.0.1';
    const base = { guide_token: 'mini-walk', poi_token: 'mini-two' };
    for (const body of [
      { ...base, kind: 'play', language: 'es' },
      { ...base, kind: 'view', language: null },
      { ...base, kind: 'direct-visit' },
    ]) {
      const res = await post('/api/v1/track_poi/', body, at);
      expect(res.statusCode, JSON.stringify(body)).toBe(201);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await rows('mini-two')).toEqual([
      { kind: 'poi-play', guide_token: 'mini-walk', poi_token: 'mini-two', language: 'es' },
      { kind: 'poi-view', guide_token: 'mini-walk', poi_token: 'mini-two', language: null },
      { kind: 'poi-direct-visit', guide_token: 'mini-walk', poi_token: 'mini-two', language: null },
    ]);
  });

  it('answers 404 when the POI is not in that guide, storing nothing', async () => {
    const before = await countTrackingEvents(env);
    for (const [i, [guide_token, poi_token]] of [
      ['mini-walk', 'other-poi'], // a POI of another guide
      ['other', 'mini-one'],
      ['no-such-guide', 'mini-one'],
      ['mini-walk', 'no-such-poi'],
    ].entries()) {
      const res = await post(
        '/api/v1/track_poi/',
        { guide_token, poi_token, kind: 'play' },
        `10.0.2.${i}`,
      );
      expect(res.statusCode, `${guide_token} ${poi_token}`).toBe(404);
      expect(res.json().message).toBe(`No POI "${poi_token}" in guide "${guide_token}"`);
    }
    expect(await countTrackingEvents(env)).toBe(before);
  });

  it('answers 400 on bad input, storing nothing', async () => {
    const before = await countTrackingEvents(env);
    const good = { guide_token: 'mini-walk', poi_token: 'mini-one', kind: 'play' };
    const bad: [string, unknown][] = [
      ['no kind', { guide_token: 'mini-walk', poi_token: 'mini-one' }],
      ['a visit (that is visit_poi/)', { ...good, kind: 'visit' }],
      ['an unknown kind', { ...good, kind: 'listen' }],
      ['a field no one asked for', { ...good, user: 'x' }],
      ['a token with a space', { ...good, guide_token: 'mini walk' }],
      ['a language that is not a code', { ...good, language: 'e$' }],
      ['no POI token', { guide_token: 'mini-walk', kind: 'play' }],
      ['not an object', ['mini-walk', 'mini-one']],
    ];
    for (const [i, [what, body]] of bad.entries()) {
      const res = await post('/api/v1/track_poi/', body, `10.0.3.${i}`);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toEqual(expect.any(String));
    }
    expect(await countTrackingEvents(env)).toBe(before);
  });

  it('is rate-limited like every write', async () => {
    const body = { guide_token: 'mini-walk', poi_token: 'mini-one', kind: 'view' };
    const before = await countTrackingEvents(env);
    for (let i = 0; i < LIMIT; i++)
      expect((await post('/api/v1/track_poi/', body, '10.0.0.4')).statusCode).toBe(201);
    const refused = await post('/api/v1/track_poi/', body, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(await countTrackingEvents(env)).toBe(before + LIMIT);
  });

  it('is documented in the OpenAPI document', async () => {
    await env.app.ready();
    const doc = env.app.swagger() as {
      paths: Record<string, { post?: { requestBody?: unknown; responses?: object } }>;
    };
    const op = doc.paths['/api/v1/track_poi/']?.post;
    expect(op?.responses).toHaveProperty('201');
    expect(op?.responses).toHaveProperty('404');
    expect(JSON.stringify(op?.requestBody)).toContain('"direct-visit"');
  });
});

describe('POST visit_poi/', () => {
  it('records visits only: plays and views go to track_poi/', async () => {
    const body = { guide_token: 'mini-walk', poi_token: 'mini-one' };
    expect((await post('/api/v1/visit_poi/', body, '10.0.0.5')).statusCode).toBe(201);
    expect(
      (await post('/api/v1/visit_poi/', { ...body, kind: 'visit' }, '10.0.0.5')).statusCode,
    ).toBe(201);
    const before = await countTrackingEvents(env);
    for (const kind of ['play', 'direct-visit'])
      expect((await post('/api/v1/visit_poi/', { ...body, kind }, '10.0.0.5')).statusCode).toBe(
        400,
      );
    expect(await countTrackingEvents(env)).toBe(before);
  });
});
