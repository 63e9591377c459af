import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES, type GuidePlace, type StudioDraft } from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// The editor's map opens on a new guide's city: the box of the published guides there.
let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env); // published: studio-a-walk in Alpha, AA; studio-b-walk in Beta, BB
});
afterAll(() => env.close());

const call = (who: SignedUp | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  env.app.inject({ method, url: `/api/v1/${url}`, headers: who?.headers, payload });

async function newGuide(title: string, city: { name: string; state: string }) {
  const res = await call(w.publisherA, 'POST', 'studio/guides', {
    organisation_id: w.orgA.id,
    title,
    city,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StudioDraft>().token;
}

describe('GET studio/guides/{token}/place', () => {
  it("answers the box of the published guides of the draft's city, in any case", async () => {
    const token = await newGuide('Alpha Murals', { name: 'alpha', state: 'aa' });
    const res = await call(w.publisherA, 'GET', `studio/guides/${token}/place`);
    expect(res.statusCode, res.body).toBe(200);
    const box = res.json<GuidePlace>();
    // The one guide there has its one stop at 45.5, -122.6 (studio-helpers).
    expect(box.south).toBeCloseTo(45.5, 3);
    expect(box.north).toBeCloseTo(45.5, 3);
    expect(box.west).toBeCloseTo(-122.6, 3);
    expect(box.east).toBeCloseTo(-122.6, 3);
  });

  it('404 with what to do when no published guide is in that city', async () => {
    const token = await newGuide('Gamma Walk', { name: 'Gamma', state: 'GG' });
    const res = await call(w.publisherA, 'GET', `studio/guides/${token}/place`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: STUDIO_MESSAGES.noPlace });
  });

  it('is for those who may edit the guide: 401 signed out, 404 to another organisation', async () => {
    const token = await newGuide('Alpha Benches', { name: 'Alpha', state: 'AA' });
    expect((await call(null, 'GET', `studio/guides/${token}/place`)).statusCode).toBe(401);
    for (const who of [w.publisherB, w.visitor])
      expect((await call(who, 'GET', `studio/guides/${token}/place`)).statusCode).toBe(404);
    expect((await call(w.admin, 'GET', `studio/guides/${token}/place`)).statusCode).toBe(200);
  });
});
