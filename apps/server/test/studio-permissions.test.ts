import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationCreated, StudioMe } from '@earshot/core';
import { signUp, uniqueEmail, type SignedUp } from './auth-helpers.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { routesOf, tableDigest } from './route-list.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

/**
 * Permission probes (docs/studio.md Roles, "How it is enforced"): EVERY route under
 * /api/v1/studio/ that the app registers (read from Fastify's route tree, so the routes other
 * parts add are probed too) is called as no user, as a signed-in visitor of no organisation, and as
 * the publisher of a second organisation against the first organisation's guide, organisation and
 * member. Each must be refused (401; 403/404), tell nothing of the first organisation, and change
 * no table.
 */

const STUDIO = '/api/v1/studio/';
/** The calls any signed-in user may make: each gets its own check below instead. */
const SELF = new Set(['GET /api/v1/studio/me']);
/** A body that fits most writes (zod objects drop what they do not know; strict ones 400). */
const BODY = (w: StudioWorld) => ({
  organisation_id: w.orgA.id,
  name: 'Probe',
  email: 'probe@example.test',
  title: 'Probe',
  city: { name: 'Probe', state: 'PR' },
  token: w.orgA.guide,
  revision: 1,
  document: {},
});

let env: TestEnv;
let w: StudioWorld;
let invitee: SignedUp;
let invitationToken: string;
let studioRoutes: { method: string; path: string }[];
beforeAll(async () => {
  env = await makeEnv({ writesPerMinute: 100_000 });
  await importFixture(env);
  w = await makeStudioWorld(env);
  // A pending invitation of the first organisation, for an address nobody probing has.
  const email = uniqueEmail('invitee');
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/v1/studio/organisations/${w.orgA.id}/invitations`,
    headers: w.admin.headers,
    payload: { email },
  });
  invitationToken = /[\w-]{43}$/.exec(res.json<InvitationCreated>().link!)![0];
  invitee = await signUp(env.app, { email, name: 'Ines Invitee' });
  // A live preview link of the first organisation's guide, for the call that reads it.
  const preview = await env.app.inject({
    method: 'POST',
    url: `/api/v1/studio/guides/${w.orgA.guide}/preview`,
    headers: w.admin.headers,
  });
  expect(preview.statusCode, preview.body).toBe(201);
  studioRoutes = routesOf(env.app)
    .filter((r) => r.path.startsWith(STUDIO))
    .flatMap((r) =>
      r.methods
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => ({ method, path: r.path })),
    );
});
afterAll(() => env.close());

/** The route's URL aimed at the first organisation: its guide, its id, its publisher. */
function urlOf(path: string): string {
  const filled = path.replace(/:([\w|:]+)/g, (_m, raw: string) => {
    const name = raw.split('|:')[0]!;
    if (name === 'token')
      return path.startsWith(`${STUDIO}invitations/`) ? invitationToken : w.orgA.guide;
    if (name === 'id' || name === 'organisation' || name === 'organisationId')
      return String(w.orgA.id);
    if (name === 'userId') return w.publisherA.user.id;
    return '1';
  });
  return `${filled}?organisation=${w.orgA.id}`;
}

/** What the first organisation has that a refused caller must never read. */
const secrets = () => [
  'Museum of Sound',
  w.orgA.slug,
  `Guide ${w.orgA.guide}`,
  `${w.orgA.guide}-poi`,
  `Stop of ${w.orgA.guide}`,
  w.publisherA.user.email,
  'Ada Publisher',
  invitee.user.email,
  'mini-walk',
];

function leaks(body: string, url: string): string[] {
  const found = secrets().filter((s) => body.includes(s));
  // A guide token is fine only where the caller sent it.
  if (body.includes(w.orgA.guide) && !url.includes(w.orgA.guide)) found.push(w.orgA.guide);
  return found;
}

async function probe(method: string, path: string, who: SignedUp | null) {
  const url = urlOf(path);
  const before = await tableDigest(env.handle.db);
  const res = await env.app.inject({
    method: method as 'GET',
    url,
    headers: who?.headers ?? {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: BODY(w) }),
  });
  const after = await tableDigest(env.handle.db);
  return { res, url, changed: Object.keys(after).filter((t) => after[t] !== before[t]) };
}

describe('studio permission probes', () => {
  it('finds the studio routes in the app (the probe is not empty)', () => {
    const listed = studioRoutes.map((r) => `${r.method} ${r.path}`);
    for (const r of [
      'GET /api/v1/studio/me',
      'GET /api/v1/studio/organisations',
      'POST /api/v1/studio/organisations',
      'GET /api/v1/studio/organisations/:id/members',
      'DELETE /api/v1/studio/organisations/:id/members/:userId',
      'POST /api/v1/studio/organisations/:id/invitations',
      'GET /api/v1/studio/organisations/:id/invitations',
      'DELETE /api/v1/studio/organisations/:id/invitations/:invitationId',
      'GET /api/v1/studio/invitations/:token',
      'POST /api/v1/studio/invitations/:token/accept',
      'GET /api/v1/studio/guides',
    ])
      expect(listed).toContain(r);
  });

  it('answers no user 401 on every studio route, changing nothing', async () => {
    for (const { method, path } of studioRoutes) {
      const { res, url, changed } = await probe(method, path, null);
      const label = `${method} ${url}`;
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual({ message: 'Sign in required' });
      expect(changed, label).toEqual([]);
    }
  });

  for (const [role, who] of [
    ['a signed-in visitor of no organisation', () => w.visitor],
    ["the second organisation's publisher", () => w.publisherB],
  ] as const) {
    it(`refuses ${role} on every studio route (403/404), telling and changing nothing`, async () => {
      for (const { method, path } of studioRoutes) {
        const label = `${method} ${path}`;
        const { res, url, changed } = await probe(method, path, who());
        expect(changed, label).toEqual([]);
        expect(leaks(res.body, url), `${label} answered ${res.body}`).toEqual([]);
        if (SELF.has(label)) {
          expect(res.statusCode, label).toBe(200);
          const me = res.json<StudioMe>();
          expect(me.admin).toBe(false);
          expect(me.organisations.map((o) => o.id)).not.toContain(w.orgA.id);
          continue;
        }
        expect([403, 404], `${label} answered ${res.statusCode} ${res.body}`).toContain(
          res.statusCode,
        );
      }
    });
  }

  it('answers the rightful caller of every studio GET (the probes aim at real things)', async () => {
    for (const { method, path } of studioRoutes.filter((r) => r.method === 'GET')) {
      const who = path.startsWith(`${STUDIO}invitations/`) ? invitee : w.admin;
      const { res, url } = await probe(method, path, who);
      expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});
