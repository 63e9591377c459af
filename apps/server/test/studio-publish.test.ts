import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBundleInput, StudioDraft } from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { editDraft, makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { exifPhoto } from './studio-media-helpers.js';

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: SignedUp | null, method: Method, url: string, payload?: object) =>
  env.app.inject({ method, url: `/api/v1/${url}`, headers: who?.headers, payload });
const open = async (token: string) =>
  (await call(w.publisherA, 'GET', `studio/guides/${token}/draft`)).json<StudioDraft>();
/** Saves an edit of the current draft; answers the new revision. */
const edit = (token: string, change: (d: GuideBundleInput) => void) =>
  editDraft(env, w.publisherA, token, change);
const publish = (token: string, revision: number, who: SignedUp = w.publisherA) =>
  call(who, 'POST', `studio/guides/${token}/publish`, { revision });
/** The guide's entry in its organisation's studio list. */
const listed = async (token: string) => {
  const res = await call(w.publisherA, 'GET', `studio/guides?organisation=${w.orgA.id}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }[]>().find((g) => g.token === token);
};
/** What a visitor's app reads of a guide, exactly as sent. */
const visitorView = async (token: string) => {
  const urls = [`tour-by-token/${token}`, `guides?token=${token}`, `pois?guide__token=${token}`];
  const bodies = [];
  for (const url of urls) {
    const res = await env.app.inject({ url: `/api/v1/${url}` });
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
  }
  return bodies;
};

describe('POST studio/guides/{token}/publish', () => {
  const token = () => w.orgA.guide;

  it('keeps the published guide byte for byte until publish, then replaces it', async () => {
    const before = await visitorView(token());
    const revision = await edit(token(), (d) => {
      d.guide.title = 'The New Title';
      d.pois![0]!.content.en!.title = 'A new first stop';
    });
    expect(await visitorView(token())).toEqual(before);

    const res = await publish(token(), revision);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1 });

    const after = await visitorView(token());
    expect(after[0]).not.toBe(before[0]);
    expect(JSON.parse(after[0]!)).toMatchObject({ title: 'The New Title' });
    expect(after[2]).toContain('A new first stop');
    const draft = await open(token());
    expect(draft).toMatchObject({ status: 'published', published_revision: revision });
  });

  it('refuses a stale revision with 409 and publishes nothing', async () => {
    const revision = await edit(token(), (d) => (d.guide.title = 'Never seen'));
    const res = await publish(token(), revision - 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ revision, updated_by: 'Ada Publisher' });
    expect((await visitorView(token()))[0]).not.toContain('Never seen');
  });

  it('answers 422 with every problem of the rules, and publishes nothing', async () => {
    const before = await visitorView(token());
    const revision = await edit(token(), (d) => {
      d.guide.title = '';
      d.pois![0]!.lat = 91;
    });
    const res = await publish(token(), revision);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ error: string; problems: { path: string }[] }>();
    expect(body.error).toMatch(/cannot be published/);
    expect(body.problems.map((p) => p.path)).toEqual(['$.guide.title', '$.pois[0].lat']);
    expect(await visitorView(token())).toEqual(before);
  });

  it('answers 422 for media the pool lacks and for a token of another guide', async () => {
    const revision = await edit(token(), (d) => {
      d.guide.title = 'Fixed';
      d.pois![0]!.lat = 45.5;
      d.pois![0]!.images = [`media/${'0'.repeat(64)}.jpg`];
      d.pois!.push({ ...d.pois![0]!, token: 'studio-b-walk-poi', images: [] });
    });
    const res = await publish(token(), revision);
    expect(res.statusCode).toBe(422);
    // Both of the importer's checks at once: the media the pool lacks, the token it does not own.
    expect(res.json<{ problems: unknown[] }>().problems).toEqual([
      {
        path: '$.pois[0].images[0]',
        message: `file "media/${'0'.repeat(64)}.jpg" is not in the bundle`,
      },
      {
        path: '$.pois[1].token',
        message: `token "studio-b-walk-poi" belongs to guide "${w.orgB.guide}"`,
      },
    ]);
  });

  it('answers 404 to another organisation and 401 to a visitor', async () => {
    const { revision } = await open(token());
    expect((await publish(token(), revision, w.publisherB)).statusCode).toBe(404);
    expect(
      (await call(null, 'POST', `studio/guides/${token()}/publish`, { revision })).statusCode,
    ).toBe(401);
  });

  it('publishes a guide that was only a draft, which visitors then see', async () => {
    const made = await call(w.publisherA, 'POST', 'studio/guides', {
      organisation_id: w.orgA.id,
      title: 'Brand New',
      city: { name: 'Alpha', state: 'AA' },
    });
    const draft = made.json<StudioDraft>();
    expect((await env.app.inject({ url: `/api/v1/tour-by-token/${draft.token}` })).statusCode).toBe(
      404,
    );
    const revision = await edit(draft.token, (d) => {
      d.pois = [
        { token: 'brand-new-1', lat: 45.5, lng: -122.6, content: { en: { title: 'One' } } },
      ];
    });
    expect(await listed(draft.token)).toMatchObject({ status: 'draft', title: 'Brand New' });
    expect((await publish(draft.token, revision)).statusCode).toBe(200);
    expect(await listed(draft.token)).toMatchObject({ status: 'published' });
    const res = await env.app.inject({ url: `/api/v1/tour-by-token/${draft.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Brand New', pois: [{ token: 'brand-new-1' }] });
    await edit(draft.token, (d) => (d.guide.title = 'Brand New, edited'));
    expect(await listed(draft.token)).toMatchObject({
      status: 'changed',
      title: 'Brand New, edited',
      updated_by: 'Ada Publisher',
    });
  });
});

describe('versions and restore', () => {
  it('lists each publish and restores an earlier one as the new draft', async () => {
    const made = await call(w.publisherA, 'POST', 'studio/guides', {
      organisation_id: w.orgA.id,
      title: 'Versioned',
      city: { name: 'Alpha', state: 'AA' },
    });
    const token = made.json<StudioDraft>().token;
    const stop = { token: 'versioned-1', lat: 45.5, lng: -122.6, content: { en: { title: 'S' } } };
    const r1 = await edit(token, (d) => {
      d.guide.title = 'First title';
      d.pois = [stop];
    });
    expect((await publish(token, r1)).statusCode).toBe(200);
    const r2 = await edit(token, (d) => (d.guide.title = 'Second title'));
    expect((await publish(token, r2)).statusCode).toBe(200);

    const versions = await call(w.publisherA, 'GET', `studio/guides/${token}/versions`);
    expect(versions.statusCode).toBe(200);
    expect(versions.json()).toMatchObject([
      { number: 2, published_by: 'Ada Publisher' },
      { number: 1, published_by: 'Ada Publisher' },
    ]);

    const stale = await call(w.publisherA, 'POST', `studio/guides/${token}/versions/1/restore`, {
      revision: r1,
    });
    expect(stale.statusCode).toBe(409);
    const restored = await call(w.publisherA, 'POST', `studio/guides/${token}/versions/1/restore`, {
      revision: r2,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      revision: r2 + 1,
      status: 'changed',
      document: { guide: { title: 'First title' } },
    });
    // Visitors still see version 2 until it is published again.
    const seen = await env.app.inject({ url: `/api/v1/tour-by-token/${token}` });
    expect(seen.json()).toMatchObject({ title: 'Second title' });

    const missing = await call(w.publisherA, 'POST', `studio/guides/${token}/versions/9/restore`, {
      revision: r2 + 1,
    });
    expect(missing.statusCode).toBe(404);
    const other = await call(w.publisherB, 'GET', `studio/guides/${token}/versions`);
    expect(other.statusCode).toBe(404);
  });
});

describe('uploaded media', () => {
  it('an upload of the media call, named in the draft, is previewed and published', async () => {
    const made = await call(w.publisherA, 'POST', 'studio/guides', {
      organisation_id: w.orgA.id,
      title: 'With Uploads',
      city: { name: 'Alpha', state: 'AA' },
    });
    const token = made.json<StudioDraft>().token;
    const upload = (body: Buffer) =>
      env.app.inject({
        method: 'POST',
        url: `/api/v1/studio/guides/${token}/media`,
        headers: { ...w.publisherA.headers, 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const photo = await upload(await exifPhoto());
    const audio = await upload(
      await readFile(path.join(import.meta.dirname, 'fixtures', 'studio-media', 'tone.mp3')),
    );
    expect(photo.statusCode, photo.body).toBe(201);
    expect(audio.statusCode, audio.body).toBe(201);
    const image = photo.json<{ path: string }>().path;
    const sound = audio.json<{ path: string }>().path;
    const revision = await edit(token, (d) => {
      d.guide.images = [image];
      d.pois = [
        {
          token: 'with-uploads-1',
          lat: 45.5,
          lng: -122.6,
          images: [image],
          content: { en: { title: 'One', audio: sound } },
        },
      ];
    });
    const preview = await call(w.publisherA, 'POST', `studio/guides/${token}/preview`);
    expect(preview.statusCode, preview.body).toBe(201);
    expect((await publish(token, revision)).statusCode).toBe(200);
    const guide = await env.app.inject({ url: `/api/v1/tour-by-token/${token}` });
    const poi = guide.json<{ pois: { image_urls: string[]; audio_url: string }[] }>().pois[0]!;
    const served = await env.app.inject({ url: poi.audio_url.replace(/^https?:\/\/[^/]+/, '') });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(audio.json<{ bytes: number }>().bytes);
  });
});
