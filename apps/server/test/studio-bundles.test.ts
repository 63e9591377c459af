import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { DraftProblem, GuideBundleInput, StudioDraft } from '@earshot/core';
import { openBundleSource } from '../src/bundles/bundle-source.js';
import { readAndCheckBundle } from '../src/bundles/bundle-validate.js';
import type { SignedUp } from './auth-helpers.js';
import { FIXTURE, makeEnv, readFixture, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { renameGuide } from './support/bundle-zips.js';

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

/** The fixture bundle as a .zip, its guide.json changed by `edit`. */
async function fixtureZip(edit: (b: GuideBundleInput) => void): Promise<Buffer> {
  const bundle = await readFixture();
  edit(bundle);
  const files: Record<string, Uint8Array> = { 'guide.json': strToU8(JSON.stringify(bundle)) };
  for (const name of await readdir(path.join(FIXTURE, 'media')))
    files[`media/${name}`] = await readFile(path.join(FIXTURE, 'media', name));
  return Buffer.from(zipSync(files));
}
const renamed = (token: string) => (b: GuideBundleInput) => renameGuide(b, token);

const upload = (
  who: SignedUp | null,
  organisation: number,
  body: Buffer,
  type = 'application/zip',
) =>
  env.app.inject({
    method: 'POST',
    url: `/api/v1/studio/import?organisation=${organisation}`,
    headers: { ...who?.headers, 'content-type': type },
    payload: body,
  });
const problems = (res: { json: () => unknown }) =>
  (res.json() as { problems: DraftProblem[] }).problems;

describe('POST studio/import', () => {
  it('makes the draft of a new guide, its media in the pool, then replaces it', async () => {
    const zip = await fixtureZip(renamed('imported-walk'));
    const res = await upload(w.publisherA, w.orgA.id, zip);
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json<StudioDraft>();
    expect(draft).toMatchObject({
      token: 'imported-walk',
      organisation_id: w.orgA.id,
      status: 'draft',
      problems: [],
      updated_by: 'Ada Publisher',
    });
    const d = draft.document as unknown as GuideBundleInput;
    expect(d.guide.splash).toMatch(/^media\/[0-9a-f]{64}\.jpg$/);
    expect(d.pois![0]!.content.en!.audio).toMatch(/^media\/[0-9a-f]{64}\.mp3$/);
    const pool = await readdir(path.join(env.dir, 'studio-media'));
    expect(pool).toContain(d.guide.splash!.slice('media/'.length));

    const again = await upload(w.publisherA, w.orgA.id, zip);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ token: 'imported-walk', revision: 2 });

    // The imported draft publishes as it is.
    const published = await env.app.inject({
      method: 'POST',
      url: '/api/v1/studio/guides/imported-walk/publish',
      headers: w.publisherA.headers,
      payload: { revision: 2 },
    });
    expect(published.statusCode, published.body).toBe(200);
    const seen = await env.app.inject({ url: '/api/v1/tour-by-token/imported-walk' });
    expect(seen.json()).toMatchObject({ title: 'Mini Walk' });
  });

  it("answers 400 with the importer's own messages", async () => {
    const bad = await upload(
      w.publisherA,
      w.orgA.id,
      await fixtureZip((b) => {
        renamed('bad-walk')(b);
        b.pois![0]!.lat = 91;
        b.guide.images = ['media/missing.jpg'];
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'The bundle cannot be imported' });
    expect(problems(bad).map((p) => p.path)).toEqual(['$.pois[0].lat']);

    const missing = await upload(
      w.publisherA,
      w.orgA.id,
      await fixtureZip((b) => {
        renamed('bad-walk')(b);
        b.guide.images = ['media/missing.jpg'];
      }),
    );
    expect(problems(missing)).toEqual([
      { path: '$.guide.images[0]', message: 'file "media/missing.jpg" is not in the bundle' },
    ]);

    const notZip = await upload(w.publisherA, w.orgA.id, Buffer.from('not a zip at all'));
    expect(notZip.statusCode).toBe(400);
    // Named as the publisher knows it, never by the server's temporary path.
    // In plain words, the zip reader's own behind "Details".
    expect(problems(notZip)[0]!.message).toBe(
      'The uploaded file is not a zip file Earshot can open: it may be damaged or another kind of file. Export the guide again, or zip its folder again.',
    );
    expect(problems(notZip)[0]!.detail).toMatch(/central directory/i);

    const noJson = await upload(
      w.publisherA,
      w.orgA.id,
      Buffer.from(zipSync({ 'a.txt': strToU8('x') })),
    );
    expect(problems(noJson)).toEqual([{ path: '$', message: 'guide.json is missing' }]);
  });

  it('answers each problem as the importer found it: its path whole, though it holds ": "', async () => {
    // Problems travel as { path, message } from the importer to the answer (never as lines
    // parsed back): a theme selector key with ": " in it stays inside its path.
    const res = await upload(
      w.publisherA,
      w.orgA.id,
      await fixtureZip((b) => {
        renamed('colon-walk')(b);
        b.guide.theme = { name: 'colon', classes: { '.es-card: x': { color: 'red' } } };
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual([
      {
        path: '$.guide.theme.classes[".es-card: x"]',
        message: expect.stringMatching(/^selector must be a hook class \(/) as string,
      },
    ]);
  });

  it("refuses another guide's tokens: a guide of another organisation, a POI of another guide", async () => {
    const taken = await upload(
      w.publisherA,
      w.orgA.id,
      await fixtureZip((b) => {
        renamed(w.orgB.guide)(b);
      }),
    );
    expect(taken.statusCode).toBe(400);
    expect(problems(taken)).toEqual([
      { path: '$.guide.token', message: `token "${w.orgB.guide}" is used by another guide` },
    ]);
    const poi = await upload(
      w.publisherA,
      w.orgA.id,
      await fixtureZip((b) => {
        renamed('poi-thief')(b);
        b.hunts = [];
        b.badges = [];
        b.pois![0]!.token = 'studio-b-walk-poi';
      }),
    );
    expect(poi.statusCode).toBe(400);
    expect(problems(poi)).toEqual([
      {
        path: '$.pois[0].token',
        message: `token "studio-b-walk-poi" belongs to guide "${w.orgB.guide}"`,
      },
    ]);
    const drafts = await env.handle.db
      .selectFrom('guide_drafts')
      .select('guide_token')
      .where('guide_token', 'in', ['poi-thief', 'bad-walk'])
      .execute();
    expect(drafts).toEqual([]);
  });

  it('answers 401 to a visitor, 404 for another organisation, 415 for another type', async () => {
    const zip = await fixtureZip(renamed('nobody-walk'));
    expect((await upload(null, w.orgA.id, zip)).statusCode).toBe(401);
    expect((await upload(w.publisherB, w.orgA.id, zip)).statusCode).toBe(404);
    expect((await upload(w.publisherA, w.orgA.id, zip, 'text/plain')).statusCode).toBe(415);
    const huge = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: {
        ...w.publisherA.headers,
        'content-type': 'application/zip',
        'content-length': String(600 * 1024 * 1024),
      },
      payload: zip,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: 'A bundle may be at most 512 MB' });
  });
});

describe('GET studio/guides/{token}/export', () => {
  it('gives the draft as a bundle .zip that the importer takes', async () => {
    const res = await env.app.inject({
      url: `/api/v1/studio/guides/${w.orgA.guide}/export`,
      headers: w.publisherA.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${w.orgA.guide}.zip"`);
    const files = unzipSync(res.rawPayload);
    const names = Object.keys(files).sort();
    expect(names[0]).toBe('guide.json');
    expect(names.slice(1).every((n) => /^media\/[0-9a-f]{64}\.(jpg|mp3)$/.test(n))).toBe(true);
    // guide.json, the splash and gallery pictures a.jpg and b.jpg, the stop's audio.
    expect(names.length).toBe(4);

    const file = path.join(env.dir, 'exported.zip');
    await writeFile(file, res.rawPayload);
    const src = await openBundleSource(file);
    try {
      const checked = await readAndCheckBundle(src.dir);
      expect(checked.bundle.guide.token).toBe(w.orgA.guide);
    } finally {
      await src.cleanup();
    }
  });

  it('answers 404 to another organisation and 401 to a visitor', async () => {
    const url = `/api/v1/studio/guides/${w.orgA.guide}/export`;
    expect((await env.app.inject({ url, headers: w.publisherB.headers })).statusCode).toBe(404);
    expect((await env.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('describes the import: a binary application/zip body, its answers and its refusals', async () => {
    await env.app.ready();
    const doc = env.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
    };
    const op = doc.paths['/api/v1/studio/import']!.post!;
    expect(op.requestBody).toMatchObject({
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(Object.keys(op.responses).sort()).toEqual([
      '200',
      '201',
      '400',
      '401',
      '404',
      '413',
      '415',
    ]);
  });
});
