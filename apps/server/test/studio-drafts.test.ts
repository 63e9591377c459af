import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBundleInput, StudioDraft } from '@earshot/core';
import { signUp, type SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { addMember, makeStudioWorld, type StudioWorld } from './studio-helpers.js';

let env: TestEnv;
let w: StudioWorld;
/** A second publisher of organisation A: the other editor of a conflict. */
let colleague: SignedUp;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
  colleague = await signUp(env.app, { name: 'Cole Colleague' });
  await addMember(env.handle.db, w.orgA.id, colleague.user.id);
});
afterAll(() => env.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: SignedUp | null, method: Method, url: string, payload?: object) =>
  env.app.inject({ method, url: `/api/v1/${url}`, headers: who?.headers, payload });

const openDraft = async (who: SignedUp, token: string) => {
  const res = await call(who, 'GET', `studio/guides/${token}/draft`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudioDraft>();
};
const doc = (d: StudioDraft) => structuredClone(d.document) as unknown as GuideBundleInput;

describe('POST studio/guides', () => {
  it('makes a draft whose token comes from the title, then the next free one', async () => {
    const body = {
      organisation_id: w.orgA.id,
      title: 'Old Town Walk',
      city: { name: 'Alpha', state: 'AA' },
    };
    const first = await call(w.publisherA, 'POST', 'studio/guides', body);
    expect(first.statusCode, first.body).toBe(201);
    const draft = first.json<StudioDraft>();
    expect(draft).toMatchObject({
      token: 'old-town-walk',
      organisation_id: w.orgA.id,
      revision: 1,
      status: 'draft',
      updated_by: 'Ada Publisher',
      published_revision: null,
      problems: [],
    });
    expect(draft.document).toMatchObject({
      guide: { token: 'old-town-walk', title: 'Old Town Walk' },
    });
    const second = await call(w.publisherA, 'POST', 'studio/guides', body);
    expect(second.json<StudioDraft>().token).toBe('old-town-walk-2');
  });

  it('refuses a token any guide or draft already has', async () => {
    for (const token of [w.orgB.guide, w.orgA.guide, 'old-town-walk']) {
      const res = await call(w.publisherA, 'POST', 'studio/guides', {
        organisation_id: w.orgA.id,
        title: 'Mine',
        city: { name: 'Alpha', state: 'AA' },
        token,
      });
      expect(res.statusCode, token).toBe(409);
    }
  });

  it('answers 401 to a visitor, 404 for another organisation, 400 for bad input', async () => {
    const body = { organisation_id: w.orgA.id, title: 'X', city: { name: 'A', state: 'B' } };
    expect((await call(null, 'POST', 'studio/guides', body)).statusCode).toBe(401);
    expect((await call(w.publisherB, 'POST', 'studio/guides', body)).statusCode).toBe(404);
    expect((await call(w.visitor, 'POST', 'studio/guides', body)).statusCode).toBe(404);
    const bad = await call(w.publisherA, 'POST', 'studio/guides', { ...body, token: 'no spaces' });
    expect(bad.statusCode).toBe(400);
    const untitled = await call(w.publisherA, 'POST', 'studio/guides', { ...body, title: ' ' });
    expect(untitled.statusCode).toBe(400);
  });
});

describe('GET studio/guides/{token}/draft', () => {
  it("makes a published guide's draft from the exporter, its media in the pool", async () => {
    const draft = await openDraft(w.publisherA, w.orgA.guide);
    expect(draft).toMatchObject({
      revision: 1,
      status: 'published',
      published_revision: 1,
      problems: [],
    });
    const d = doc(draft);
    expect(d.guide.token).toBe(w.orgA.guide);
    const paths = [...d.pois![0]!.images!, d.pois![0]!.content.en!.audio!];
    for (const p of paths) {
      expect(p).toMatch(/^media\/[0-9a-f]{64}\.(jpg|mp3)$/);
      const file = path.join(env.dir, 'studio-media', p.slice('media/'.length));
      expect((await stat(file)).isFile()).toBe(true);
    }
    // Opened again: the same draft, not a second export.
    expect((await openDraft(w.publisherA, w.orgA.guide)).updated_at).toBe(draft.updated_at);
  });

  it('answers 404 to another organisation and for no such guide, 401 to a visitor', async () => {
    expect(
      (await call(w.publisherB, 'GET', `studio/guides/${w.orgA.guide}/draft`)).statusCode,
    ).toBe(404);
    expect((await call(w.publisherA, 'GET', 'studio/guides/nothing-here/draft')).statusCode).toBe(
      404,
    );
    expect((await call(null, 'GET', `studio/guides/${w.orgA.guide}/draft`)).statusCode).toBe(401);
  });

  it("an admin opens any organisation's draft", async () => {
    expect((await call(w.admin, 'GET', `studio/guides/${w.orgB.guide}/draft`)).statusCode).toBe(
      200,
    );
  });
});

describe('PUT studio/guides/{token}/draft', () => {
  it('saves the next revision with its problems, and a stale one gets 409 with who and what', async () => {
    const token = w.orgA.guide;
    const base = await openDraft(w.publisherA, token);
    const mine = doc(base);
    mine.guide.title = 'Renamed by Ada';
    const saved = await call(w.publisherA, 'PUT', `studio/guides/${token}/draft`, {
      revision: base.revision,
      document: mine,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      revision: base.revision + 1,
      status: 'changed',
      problems: [],
    });

    // The colleague still has the first revision open, and moves a stop.
    const theirs = doc(base);
    theirs.pois![0]!.lat = 91;
    const stale = await call(colleague, 'PUT', `studio/guides/${token}/draft`, {
      revision: base.revision,
      document: theirs,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'Someone else saved this guide since you opened it',
      revision: base.revision + 1,
      updated_by: 'Ada Publisher',
      changed: ['guide', 'pois'],
    });
    // Nothing of the stale save was kept.
    expect(doc(await openDraft(w.publisherA, token)).pois![0]!.lat).not.toBe(91);

    // Saved on the new revision, the broken stop is kept with its problem.
    const again = await call(colleague, 'PUT', `studio/guides/${token}/draft`, {
      revision: base.revision + 1,
      document: theirs,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ problems: { path: string }[] }>().problems.map((p) => p.path)).toEqual([
      '$.pois[0].lat',
    ]);
    const now = await openDraft(w.publisherA, token);
    expect(now.updated_by).toBe('Cole Colleague');
    expect(now.problems.map((p) => p.path)).toEqual(['$.pois[0].lat']);
  });

  it("refuses a document that changes the guide's token, or is no object", async () => {
    const draft = await openDraft(w.publisherA, w.orgA.guide);
    const d = doc(draft);
    d.guide.token = 'elsewhere';
    const url = `studio/guides/${w.orgA.guide}/draft`;
    const moved = await call(w.publisherA, 'PUT', url, { revision: draft.revision, document: d });
    expect(moved.statusCode).toBe(400);
    const text = await call(w.publisherA, 'PUT', url, { revision: draft.revision, document: 'x' });
    expect(text.statusCode).toBe(400);
    expect((await openDraft(w.publisherA, w.orgA.guide)).revision).toBe(draft.revision);
  });

  it('answers 404 to another organisation and changes nothing', async () => {
    const draft = await openDraft(w.publisherA, w.orgA.guide);
    const res = await call(w.publisherB, 'PUT', `studio/guides/${w.orgA.guide}/draft`, {
      revision: draft.revision,
      document: draft.document,
    });
    expect(res.statusCode).toBe(404);
    expect((await openDraft(w.publisherA, w.orgA.guide)).revision).toBe(draft.revision);
  });
});
