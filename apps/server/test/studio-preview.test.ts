import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inPreview,
  previewPrefix,
  type GuideBundleInput,
  type Preview,
  type PreviewMade,
  type StudioDraft,
} from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

let env: TestEnv;
let w: StudioWorld;
let preview: Preview;
/** The published guide's answers before any preview existed. */
let publishedBefore: string;
beforeAll(async () => {
  // The built app's page, reduced: the app route pages are made from it.
  const web = await mkdtemp(path.join(os.tmpdir(), 'earshot-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Earshot</title>');
  env = await makeEnv({ webDist: web });
  await importFixture(env); // mini-walk: layers, badges, a hunt with challenges (default org)
  w = await makeStudioWorld(env);
  publishedBefore = (await env.app.inject({ url: '/api/v1/tour-by-token/mini-walk' })).body;
});
afterAll(() => env.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedUp | null, method: Method, url: string, payload?: object) =>
  env.app.inject({ method, url: `/api/v1/${url}`, headers: who?.headers, payload });
const get = (url: string) => env.app.inject({ url: `/api/v1/${url}` });
/** A visitor's call within the preview: what the app sends while a preview is open. */
const getIn = (url: string) => get(inPreview(url, preview.token));

describe('POST studio/guides/{token}/preview', () => {
  beforeAll(async () => {
    // The admin previews the fixture's guide with a changed title: a draft visitors never see.
    const open = await call(w.admin, 'GET', 'studio/guides/mini-walk/draft');
    const draft = open.json<StudioDraft>();
    const d = structuredClone(draft.document) as unknown as GuideBundleInput;
    d.guide.title = 'Draft title only';
    d.guide.city = { name: 'Previewville', state: 'Nowhere' };
    const saved = await call(w.admin, 'PUT', 'studio/guides/mini-walk/draft', {
      revision: draft.revision,
      document: d,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(w.admin, 'POST', 'studio/guides/mini-walk/preview');
    expect(res.statusCode, res.body).toBe(201);
    preview = res.json<Preview>();
  });

  it('answers an unguessable token, its visitor-app link and an expiry in 7 days', () => {
    expect(preview.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(preview.url).toMatch(new RegExp(`/guide/${preview.token}$`));
    const days = (Date.parse(preview.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('shows the draft at its token, never stored: no-store and no ETag, twice', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(`tour-by-token/${preview.token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.json()).toMatchObject({ title: 'Draft title only', token: preview.token });
    }
    const poiToken = `${previewPrefix(preview.token)}mini-one`;
    const poi = await getIn(`pois_by_token/${poiToken}`);
    expect(poi.statusCode).toBe(200);
    expect(poi.headers['cache-control']).toBe('private, no-store');
    const hunts = await getIn(`scavenger_hunts?guide__token=${preview.token}`);
    expect(hunts.json<unknown[]>().length).toBeGreaterThan(0);
    expect(hunts.headers['cache-control']).toBe('private, no-store');
    // Rows asked for by number within the preview: no-store too.
    const hunt = hunts.json<{ id: number }[]>()[0]!;
    const byId = await getIn(`scavenger_hunts/${hunt.id}/`);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['cache-control']).toBe('private, no-store');
    const badges = await getIn(`badges?guide__token=${preview.token}`);
    const badge = await getIn(`badges/${badges.json<{ id: number }[]>()[0]!.id}/`);
    expect(badge.headers['cache-control']).toBe('private, no-store');
    // Without the token the same rows are missing (studio-preview-privacy.test.ts: every way).
    expect((await get(`scavenger_hunts/${hunt.id}/`)).statusCode).toBe(404);
    expect((await get(`pois_by_token/${poiToken}`)).statusCode).toBe(404);
    // A published guide's row by number is cached as before.
    const published = (await get('scavenger_hunts?guide__token=mini-walk')).json<
      { id: number }[]
    >();
    const cached = await get(`scavenger_hunts/${published[0]!.id}/`);
    expect(cached.headers['cache-control']).toMatch(/^public/);
    // A signed-in visitor’s request is private, no-store too.
    const signed = await env.app.inject({
      url: `/api/v1/tour-by-token/${preview.token}`,
      headers: w.visitor.headers,
    });
    expect(signed.headers['cache-control']).toBe('private, no-store');
  });

  it("sends the app's page of the preview no-store, a published guide's as before", async () => {
    const page = await env.app.inject({ url: `/guide/${preview.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const stop = await env.app.inject({
      url: `/guide/${preview.token}/${previewPrefix(preview.token)}mini-one`,
    });
    expect(stop.headers['cache-control']).toBe('private, no-store');
    const published = await env.app.inject({ url: '/guide/mini-walk' });
    expect(published.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the published guide as it was, byte for byte', async () => {
    expect((await get('tour-by-token/mini-walk')).body).toBe(publishedBefore);
  });

  it('never appears in lists, cities, states, the world map or unfiltered resources', async () => {
    const stem = previewPrefix(preview.token);
    for (const url of [
      'tours',
      'tours?lat=45.5&lng=-122.6',
      'cities',
      'cities?state=Nowhere',
      'guide-summary',
      'guides',
      'guides?city__state=Nowhere',
      'pois',
      'layers',
      'badges',
      'badge_levels',
      'scavenger_hunts',
      'challenges',
      'challenges?resourcetype=MultipleChoiceChallenge',
      'multiple_choice_options',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(preview.token);
      expect(res.body, url).not.toContain(stem);
      expect(res.body, url).not.toContain('Previewville');
      expect(res.body, url).not.toContain('Draft title only');
    }
    // The unfiltered lists still hold the published guides' rows.
    expect((await get('challenges')).json<unknown[]>().length).toBeGreaterThan(0);
    expect((await get('multiple_choice_options')).json<unknown[]>().length).toBeGreaterThan(0);
    expect((await get('badge_levels')).json<unknown[]>().length).toBeGreaterThan(0);
    // The preview's city answers as no city at all.
    const city = await env.handle.db
      .selectFrom('cities')
      .select('id')
      .where('name', '=', 'Previewville')
      .executeTakeFirstOrThrow();
    expect((await get(`city/${city.id}/tours`)).statusCode).toBe(404);
    expect((await get(`cities/${city.id}/`)).statusCode).toBe(404);
  });

  it('shows the latest draft at the same link on the next preview, never renewing it', async () => {
    const again = await call(w.admin, 'POST', 'studio/guides/mini-walk/preview');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<PreviewMade>()).toEqual({ ...preview, created: false });
    const live = await call(w.admin, 'GET', 'studio/guides/mini-walk/preview');
    const { token, url, expires_at } = preview;
    expect(live.json<Preview>()).toEqual({ token, url, expires_at });
  });

  it('answers 404 to another organisation, 401 to a visitor, 422 for a broken draft', async () => {
    expect((await call(w.publisherB, 'POST', 'studio/guides/mini-walk/preview')).statusCode).toBe(
      404,
    );
    expect((await call(null, 'POST', 'studio/guides/mini-walk/preview')).statusCode).toBe(401);
    const token = w.orgA.guide;
    const draft = (
      await call(w.publisherA, 'GET', `studio/guides/${token}/draft`)
    ).json<StudioDraft>();
    const d = structuredClone(draft.document) as unknown as GuideBundleInput;
    d.pois![0]!.lat = 91;
    await call(w.publisherA, 'PUT', `studio/guides/${token}/draft`, {
      revision: draft.revision,
      document: d,
    });
    const broken = await call(w.publisherA, 'POST', `studio/guides/${token}/preview`);
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ problems: [{ path: '$.pois[0].lat' }] });
  });

  it('tells a visitor holding the link when it ends, and nothing once it is gone', async () => {
    const link = await get(`previews/${preview.token}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({ expires_at: preview.expires_at });
    expect(link.headers['cache-control']).toBe('private, no-store');
    // A token no link has, a published guide's token, a malformed one: 404 alike.
    for (const token of ['A'.repeat(43), 'mini-walk', 'x'.repeat(64)])
      expect((await get(`previews/${token}`)).statusCode).toBe(404);
  });

  it('revokes a link at once, and makes a new one in its place', async () => {
    const guideRows = (token: string) =>
      env.handle.db.selectFrom('guides').select('id').where('token', '=', token).execute();
    // A new link: a new token and expiry; the old one answers 404 from now on.
    const fresh = await call(w.admin, 'POST', 'studio/guides/mini-walk/preview', {
      new_link: true,
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const made = fresh.json<PreviewMade>();
    expect(made.created).toBe(true);
    expect(made.token).not.toBe(preview.token);
    expect((await get(`tour-by-token/${preview.token}`)).statusCode).toBe(404);
    expect(await guideRows(preview.token)).toEqual([]);
    expect((await get(`tour-by-token/${made.token}`)).statusCode).toBe(200);
    // Revoked: 404 at once, its rows gone; the studio says there is no link.
    const revoked = await call(w.admin, 'DELETE', 'studio/guides/mini-walk/preview');
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await get(`tour-by-token/${made.token}`)).statusCode).toBe(404);
    expect((await get(`previews/${made.token}`)).statusCode).toBe(404);
    expect(await guideRows(made.token)).toEqual([]);
    const none = await call(w.admin, 'GET', 'studio/guides/mini-walk/preview');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'This guide has no preview link now.' });
    // Another organisation can neither see nor revoke one; the next preview makes a new link.
    const next = (
      await call(w.admin, 'POST', 'studio/guides/mini-walk/preview')
    ).json<PreviewMade>();
    expect(next.created).toBe(true);
    for (const method of ['GET', 'DELETE'] as const)
      expect((await call(w.publisherB, method, 'studio/guides/mini-walk/preview')).statusCode).toBe(
        404,
      );
    expect((await get(`tour-by-token/${next.token}`)).statusCode).toBe(200);
    preview = next;
  });

  it('answers 404 once expired, and removes its rows', async () => {
    await env.handle.db
      .updateTable('guide_previews')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', preview.token)
      .execute();
    expect((await get(`tour-by-token/${preview.token}`)).statusCode).toBe(404);
    expect((await getIn(`pois_by_token/${previewPrefix(preview.token)}mini-one`)).statusCode).toBe(
      404,
    );
    const rows = await env.handle.db
      .selectFrom('guides')
      .select('id')
      .where('token', '=', preview.token)
      .execute();
    expect(rows).toEqual([]);
    const links = await env.handle.db
      .selectFrom('guide_previews')
      .select('id')
      .where('token', '=', preview.token)
      .execute();
    expect(links).toEqual([]);
    // The published guide is untouched.
    expect((await get('tour-by-token/mini-walk')).body).toBe(publishedBefore);
  });
});
