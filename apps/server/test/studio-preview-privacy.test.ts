import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPreview, previewPrefix, type Preview, type StudioDraft } from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// docs/studio.md Preview, docs/security.md: every answer that serves a preview's content,
// however it is asked for, is `private, no-store` and never enters the response cache; the
// published guide's stay cached. It is served only to a request that carries the preview's
// token; without it, each of these calls answers exactly as it does for an id nobody has.

const PRIVATE = 'private, no-store';
let env: TestEnv;
let w: StudioWorld;
let preview: Preview;
/** Row ids of the preview's guide and of the published fixture, by kind. */
type Rows = Record<string, number>;
let pv: Rows;
let pub: Rows;
let pvImage: string;

/** The first row of each kind of the guide `token`, read from the database. */
async function rowsOf(token: string): Promise<Rows> {
  const db = env.handle.db;
  const guide = await db
    .selectFrom('guides')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  const first = async (table: 'pois' | 'layers' | 'badges' | 'scavenger_hunts') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('guide_id', '=', guide.id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const badge = await first('badges');
  const hunt = await first('scavenger_hunts');
  const level = await db
    .selectFrom('badge_levels')
    .select('id')
    .where('badge_id', '=', badge)
    .executeTakeFirstOrThrow();
  const option = await db
    .selectFrom('multiple_choice_options')
    .innerJoin('challenges', 'challenges.id', 'multiple_choice_options.challenge_id')
    .select(['multiple_choice_options.id', 'challenges.id as challenge'])
    .where('challenges.scavenger_hunt_id', '=', hunt)
    .executeTakeFirstOrThrow();
  return {
    guide: guide.id,
    poi: await first('pois'),
    layer: await first('layers'),
    badge,
    level: level.id,
    hunt,
    challenge: option.challenge,
    option: option.id,
  };
}

const asVisitor = (url: string, who?: SignedUp) => env.app.inject({ url, headers: who?.headers });

beforeAll(async () => {
  const web = await mkdtemp(path.join(os.tmpdir(), 'earshot-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Earshot</title>');
  env = await makeEnv({ webDist: web });
  await importFixture(env); // mini-walk: layers, a badge with levels, a hunt with an MC challenge
  w = await makeStudioWorld(env);
  const draft = (
    await env.app.inject({ url: '/api/v1/studio/guides/mini-walk/draft', headers: w.admin.headers })
  ).json<StudioDraft>();
  expect(draft.revision).toBeGreaterThan(0);
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/v1/studio/guides/mini-walk/preview',
    headers: w.admin.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  preview = res.json<Preview>();
  pv = await rowsOf(preview.token);
  pub = await rowsOf('mini-walk');
  pvImage = (await asVisitor(`/api/v1/tour-by-token/${preview.token}`)).json<{
    images: string[];
  }>().images[0]!;
});
afterAll(() => env.close());

const KINDS = ['guide', 'poi', 'layer', 'badge', 'level', 'hunt', 'challenge', 'option'];
/** Each row kind's placeholder (`{poi}`), filled in once the rows exist. */
const r = Object.fromEntries(KINDS.map((k) => [k, `{${k}}`]));
const fill = (url: string, rows: Rows) =>
  url.replace(/\{(\w+)\}/g, (_, k: string) => String(rows[k]));

/** Every way a visitor's app (or anyone) can ask for a guide's content (`token`, `stem`). */
const calls = (token: string, stem: string) => [
  `/api/v1/tour-by-token/${token}`,
  `/api/v1/guides/${token}/theme`,
  `/api/v1/pois_by_token/${stem}mini-one`,
  `/api/v1/guides?token=${token}`,
  `/api/v1/guides/${r.guide}/`,
  `/api/v1/pois/${r.poi}/`,
  `/api/v1/pois?guide=${r.guide}`,
  `/api/v1/pois?layer=${r.layer}`,
  `/api/v1/layers/${r.layer}/`,
  `/api/v1/layers?guide=${r.guide}`,
  `/api/v1/badges/${r.badge}/`,
  `/api/v1/badges?guide=${r.guide}`,
  `/api/v1/badge_levels/${r.level}/`,
  `/api/v1/badge_levels?badge=${r.badge}`,
  `/api/v1/scavenger_hunts/${r.hunt}/`,
  `/api/v1/scavenger_hunts?guide=${r.guide}`,
  `/api/v1/challenges/${r.challenge}/`,
  `/api/v1/challenges?scavenger_hunt=${r.hunt}`,
  `/api/v1/challenges?poi=${r.poi}`,
  `/api/v1/multiple_choice_options/${r.option}/`,
  `/api/v1/multiple_choice_options?challenge=${r.challenge}`,
];

/** A call of `calls` for the preview's rows: its token and stem put in, its ids filled. */
const ofPreview = (pattern: string) =>
  fill(
    pattern.replace('{token}', preview.token).replace('{stem}', previewPrefix(preview.token)),
    pv,
  );
/** Ids nobody has: what a missing row answers. */
const MISSING = Object.fromEntries(KINDS.map((k, i) => [k, 900_000 + i]));
/** A token of a preview's form that names none. */
const NOBODY = 'Z'.repeat(43);

describe('a preview’s answers', () => {
  it.each(calls('{token}', '{stem}'))(
    '%s of a preview, with its token: private, no-store, never cached',
    async (pattern) => {
      const url = inPreview(ofPreview(pattern), preview.token);
      // Twice: the second would be the response cache's answer if the first were stored.
      for (let i = 0; i < 2; i++) {
        const res = await asVisitor(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(res.headers['cache-control'], url).toBe(PRIVATE);
        expect(res.headers.etag, url).toBeUndefined();
      }
      // A signed-in visitor's answer too (it skips the response cache, not the header).
      expect((await asVisitor(url, w.visitor)).headers['cache-control'], url).toBe(PRIVATE);
    },
  );

  it.each(calls('{token}', '{stem}').filter((c) => !c.includes('{token}')))(
    '%s of a preview, without its token (or with another): as for rows nobody has',
    async (pattern) => {
      const bare = ofPreview(pattern);
      // The same call for ids and tokens nobody has, and its answer with this call's ids.
      const missing = fill(pattern.replace('{stem}', 'pvnobodynobo-'), MISSING);
      const used = [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const expected = await asVisitor(missing);
      const expectedBody = used.reduce(
        (b, k) => (k in MISSING ? b.replaceAll(String(MISSING[k]), String(pv[k])) : b),
        expected.body.replaceAll('pvnobodynobo-', previewPrefix(preview.token)),
      );
      for (const url of [bare, inPreview(bare, NOBODY)]) {
        const res = await asVisitor(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(expected.statusCode);
        expect(res.body, url).toBe(expectedBody);
        expect(res.headers['cache-control'], url).toBe(expected.headers['cache-control']);
      }
    },
  );

  it.each(calls('mini-walk', ''))(
    '%s of the published guide: cached and public as before',
    async (pattern) => {
      const url = fill(pattern, pub);
      const res = await asVisitor(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/^public/);
      expect(res.headers.etag, url).toBeTruthy();
    },
  );

  it('its pictures and their right-sized copies, and its page: private, no-store', async () => {
    // Its media's URLs carry its token.
    expect(pvImage).toMatch(
      new RegExp(`^/static/tours/${pv.guide}/.*[?&]preview=${preview.token}`),
    );
    for (const url of [pvImage, `${pvImage}&w=480`, `/guide/${preview.token}`]) {
      const res = await asVisitor(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
    // Without its token (or with another) its media answer as a file nobody has.
    const bare = pvImage.replace(/[?&]preview=[^&]*/, '');
    const folder = `/static/tours/${pv.guide}/`;
    for (const url of [bare, `${bare}&w=480`, inPreview(bare, NOBODY)]) {
      const res = await asVisitor(url);
      const missing = await asVisitor(url.replace(folder, '/static/tours/999999/'));
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(missing.body.replace('/static/tours/999999/', folder));
    }
    const published = (await asVisitor('/api/v1/tour-by-token/mini-walk')).json<{
      images: string[];
    }>().images[0]!;
    for (const url of [published, `${published}&w=480`])
      expect((await asVisitor(url)).headers['cache-control'], url).toMatch(/^public/);
  });

  it('an expired preview’s rows asked for by number answer 404 and are removed', async () => {
    await env.handle.db
      .updateTable('guide_previews')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', preview.token)
      .execute();
    expect(
      (await asVisitor(inPreview(`/api/v1/multiple_choice_options/${pv.option}/`, preview.token)))
        .statusCode,
    ).toBe(404);
    expect((await asVisitor(pvImage)).statusCode).toBe(404);
    expect((await asVisitor(`/api/v1/tour-by-token/${preview.token}`)).statusCode).toBe(404);
  });
});
