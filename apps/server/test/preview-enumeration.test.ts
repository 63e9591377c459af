import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewPrefix, type Preview } from '@earshot/core';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// A security probe's anonymous enumeration of ids found every live preview of two
// organisations through the generic resources, their filters and the guides' media
// (docs/security.md, "Unpublished work stays with those who hold its key"). Here two
// organisations' previews are live, and every visitor GET of the API, as its OpenAPI document
// lists it, is asked with every id up to past the largest row id in each id parameter and
// filter, and with every token the previews hold in each token parameter and filter: no answer
// may hold a preview's token, its tokens' prefix or its media folder, a preview row's id answers
// as a missing one does, and none of its media files is served. On SQLite and PostgreSQL (the
// suite runs on both).

type Param = { name: string; in: string; schema?: { type?: string; pattern?: string } };
type Doc = { paths: Record<string, { get?: { parameters?: Param[] } }> };

let env: TestEnv;
let w: StudioWorld;
let previews: Preview[];
/** Each preview guide's id, token and prefix, and every token its rows hold. */
let owned: { id: number; token: string; prefix: string; rowTokens: string[] }[];
let maxId: number;
let doc: Doc;

const PREVIEW_TABLES = [
  'pois',
  'layers',
  'badges',
  'scavenger_hunts',
  'challenges',
  'badge_levels',
  'multiple_choice_options',
] as const;

beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env); // mini-walk (the default organisation): layers, badges, a hunt
  w = await makeStudioWorld(env);
  previews = [];
  for (const [who, guide] of [
    [w.admin, 'mini-walk'],
    [w.publisherA, w.orgA.guide],
    [w.publisherB, w.orgB.guide],
  ] as const) {
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${guide}/preview`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    previews.push(res.json<Preview>());
  }
  const db = env.handle.db;
  const guides = await db
    .selectFrom('guides')
    .select(['id', 'token'])
    .where('status', '=', 'preview')
    .execute();
  expect(guides.length).toBe(3);
  owned = await Promise.all(
    guides.map(async (g) => {
      const tokens = await Promise.all([
        db.selectFrom('pois').select('token').where('guide_id', '=', g.id).execute(),
        db.selectFrom('badges').select('token').where('guide_id', '=', g.id).execute(),
        db
          .selectFrom('badge_levels')
          .innerJoin('badges', 'badges.id', 'badge_levels.badge_id')
          .select('badge_levels.token')
          .where('badges.guide_id', '=', g.id)
          .execute(),
      ]);
      return {
        id: g.id,
        token: g.token,
        prefix: previewPrefix(g.token),
        rowTokens: tokens.flat().map((r) => r.token),
      };
    }),
  );
  const maxima = await Promise.all(
    (['guides', 'cities', ...PREVIEW_TABLES] as const).map(async (t) =>
      Number(
        (
          await db
            .selectFrom(t)
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirstOrThrow()
        ).m ?? 0,
      ),
    ),
  );
  maxId = Math.max(...maxima) + 2;
  await env.app.ready();
  doc = JSON.parse(JSON.stringify(env.app.swagger())) as Doc;
});
afterAll(() => env.close());

/** The visitor GETs of /api/v1 (not the studio's, not a signed-in user's own data). */
function visitorGets(): { path: string; params: Param[] }[] {
  return Object.entries(doc.paths)
    .filter(([p, item]) => item.get && p.startsWith('/api/v1/') && !p.startsWith('/api/v1/studio'))
    .map(([p, item]) => ({ path: p, params: item.get!.parameters ?? [] }));
}

const isIdParam = (p: Param) =>
  p.schema?.pattern === '^\\d+$' && p.name !== 'limit' && p.name !== 'offset';
const isTokenParam = (p: Param) => /token/.test(p.name) || p.name === 'token';

/**
 * Every URL to ask of one GET, each id or token in each of its parameters one at a time, with
 * the value it asks (an answer that echoes it, "No POI with token …", tells nothing new).
 */
function urlsOf(route: { path: string; params: Param[] }): { url: string; asked: string }[] {
  const ids = Array.from({ length: maxId }, (_, i) => String(i + 1));
  const tokens = owned.flatMap((o) => [o.token, ...o.rowTokens]);
  const pathParams = route.params.filter((p) => p.in === 'path');
  const queryParams = route.params.filter((p) => p.in === 'query');
  const fill = (name: string, value: string) =>
    route.path.replace(`{${name}}`, encodeURIComponent(value));
  if (pathParams.length > 1) return [];
  const path = pathParams[0];
  if (path) {
    // A token in the path names what it asks for: a guide by its token is the preview's own
    // call (tour-by-token, theme); a stop's token is not the preview's token and must not do.
    if (/tour-by-token|\/guides\/\{token\}\/theme/.test(route.path)) return [];
    const values = isIdParam(path) ? ids : isTokenParam(path) ? tokens : [];
    return values.map((v) => ({ url: fill(path.name, v), asked: v }));
  }
  const urls = [
    { url: route.path, asked: '' },
    { url: `${route.path}?limit=1000`, asked: '' },
  ];
  for (const q of queryParams) {
    const values = isIdParam(q) ? ids : isTokenParam(q) ? tokens : [];
    for (const v of values)
      urls.push({ url: `${route.path}?${q.name}=${encodeURIComponent(v)}`, asked: v });
  }
  return urls;
}

describe('enumerating ids and tokens without a preview token', () => {
  it('finds no preview row, token or media path in any visitor GET', async () => {
    const routes = visitorGets();
    // The generic resources and the SPEC's own calls are all there.
    for (const p of ['/api/v1/pois/{id}/', '/api/v1/challenges', '/api/v1/pois_by_token/{token}'])
      expect(routes.map((r) => r.path)).toContain(p);
    let asked = 0;
    const leaks: string[] = [];
    for (const route of routes) {
      for (const [{ url, asked: value }, who] of urlsOf(route).flatMap(
        (u) =>
          [
            [u, undefined],
            [u, w.visitor],
          ] as const,
      )) {
        // Anonymous, and signed in (a signed-in caller skips the response cache).
        const res = await env.app.inject({ url, headers: who?.headers });
        asked++;
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
        const body = value ? res.body.replaceAll(JSON.stringify(value).slice(1, -1), '') : res.body;
        for (const o of owned) {
          if (body.includes(o.token)) leaks.push(`${url}: its token`);
          if (body.includes(o.prefix)) leaks.push(`${url}: its prefix`);
          if (body.includes(`/static/tours/${o.id}/`)) leaks.push(`${url}: its media`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(asked).toBeGreaterThan(500);
  });

  it("answers a preview row's id as a missing id, in every generic resource", async () => {
    const db = env.handle.db;
    const previewIds = owned.map((o) => o.id);
    const rowsOf = {
      guides: previewIds,
      pois: (
        await db.selectFrom('pois').select('id').where('guide_id', 'in', previewIds).execute()
      ).map((r) => r.id),
      scavenger_hunts: (
        await db
          .selectFrom('scavenger_hunts')
          .select('id')
          .where('guide_id', 'in', previewIds)
          .execute()
      ).map((r) => r.id),
      challenges: (
        await db
          .selectFrom('challenges')
          .innerJoin('scavenger_hunts', 'scavenger_hunts.id', 'challenges.scavenger_hunt_id')
          .select('challenges.id')
          .where('scavenger_hunts.guide_id', 'in', previewIds)
          .execute()
      ).map((r) => r.id),
    };
    expect(rowsOf.challenges.length).toBeGreaterThan(0);
    for (const [resource, ids] of Object.entries(rowsOf))
      for (const id of ids) {
        const res = await env.app.inject({ url: `/api/v1/${resource}/${id}/` });
        expect(res.statusCode, `${resource}/${id}/`).toBe(404);
        expect(res.json()).toEqual({ message: `No ${resource} with id ${id}` });
      }
    // A signed-in visitor cannot answer a preview's challenge: it is missing to them too.
    for (const id of rowsOf.challenges) {
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/v1/user_answers/',
        headers: w.visitor.headers,
        payload: { challenge: id, value: '1', resourcetype: 'UserNumberChallengeAnswer' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: `No challenge with id ${id}` });
    }
  });

  it('serves none of their media files without the token', async () => {
    const db = env.handle.db;
    const urls: string[] = [];
    for (const o of owned) {
      const res = await env.app.inject({
        url: `/api/v1/tour-by-token/${o.token}?preview=${o.token}`,
      });
      const images = res.json<{ images: string[] }>().images;
      urls.push(...images.filter((u) => u.startsWith(`/static/tours/${o.id}/`)));
    }
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const bare = url.replace(/[?&]preview=[^&]*/, '');
      for (const u of [bare, bare.split('?')[0]!, `${bare}&w=480`]) {
        const res = await env.app.inject({ url: u });
        expect(res.statusCode, u).toBe(404);
      }
      expect((await env.app.inject({ url })).statusCode, url).toBe(200);
    }
    // Rows of other tables were asked too; the database still holds the previews.
    expect(
      (await db.selectFrom('guides').select('id').where('status', '=', 'preview').execute()).length,
    ).toBe(3);
  });
});
