import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainTextProblem, type GuideBundleInput, type StudioDraft } from '@earshot/core';
import { BundleError } from '../src/bundles/bundle-error.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { exportBundle } from '../src/bundles/bundle-export.js';
import type { SignedUp } from './auth-helpers.js';
import { FIXTURE, makeEnv, readFixture, writeBundle, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { renameGuide } from './support/bundle-zips.js';
import { fillWithPayloads, MARKUP_PAYLOADS } from './support/xss-bundle.js';

// Plain-text fields (titles, names, subtitles, alt texts, options …) refuse HTML markup with a
// message naming the field, wherever the importer runs: `npm run import`, the studio's zip
// import, a draft's problems, publish and preview. A "<" that is text stays (docs/security.md).

const META = '<meta http-equiv="refresh" content="0;url=https://evil.example/">';
const MESSAGE = plainTextProblem(META)!;
const TITLE_AT = '$.pois[0].content.en.title';

const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

/** The fixture as another guide (its own tokens), changed by `edit`. */
const fixtureAs = (token: string, edit: (b: GuideBundleInput) => void) => (b: GuideBundleInput) => {
  renameGuide(b, token);
  edit(b);
};

async function importErrors(dir: string): Promise<string[]> {
  try {
    await importBundle(env.handle, env.media, dir);
  } catch (e) {
    if (e instanceof BundleError) return e.errors;
    throw e;
  }
  return [];
}

const guideStatus = async (token: string) =>
  (await env.app.inject({ url: `/api/v1/tour-by-token/${token}` })).statusCode;

describe('the importer', () => {
  it("refuses a stop titled with a meta refresh, naming the field, and imports nothing (npm run import's importer)", async () => {
    const dir = await writeBundle(
      env.dir,
      'meta-title',
      fixtureAs('meta-walk', (b) => (b.pois![0]!.content.en!.title = META)),
    );
    expect(await importErrors(dir)).toEqual([`${TITLE_AT}: ${MESSAGE}`]);
    expect(await guideStatus('meta-walk')).toBe(404);
  });

  it('refuses the corpus in every plain-text field, each by its path', async () => {
    const dir = await writeBundle(
      env.dir,
      'markup-everywhere',
      fixtureAs('markup-walk', (b) => {
        fillWithPayloads(b, 'XSS ', MARKUP_PAYLOADS);
        delete b.guide.theme;
      }),
    );
    const errors = await importErrors(dir);
    const at = errors.map((e) => e.slice(0, e.indexOf(': ')));
    for (const field of [
      '$.guide.title',
      '$.guide.city.name',
      '$.guide.city.state',
      '$.guide.languages[0].label',
      '$.guide.photo_share_text',
      '$.guide.photo_share_hashtag',
      '$.layers[0].name',
      '$.pois[0].image_alts[0]',
      TITLE_AT,
      '$.pois[0].content.en.subtitle',
      '$.pois[0].content.en.transcript',
      '$.pois[0].content.es.title',
      '$.badges[0].name',
      '$.badges[0].message',
      '$.badges[0].levels[0].name',
      '$.hunts[0].name',
      '$.hunts[0].subtitle',
      '$.hunts[0].challenges[0].title',
      '$.hunts[0].challenges[0].subtitle',
    ])
      expect(at, field).toContain(field);
    // Every refusal is the plain-text rule's (the descriptions, HTML, are not among them).
    for (const e of errors) expect(e).toMatch(/^\$\S+: Plain text only: "</);
    expect(at.filter((p) => p.endsWith('.description'))).toEqual([]);
    expect(await guideStatus('markup-walk')).toBe(404);
  });

  it('takes a "<" that is text, and markup in the descriptions (HTML)', async () => {
    const dir = await writeBundle(
      env.dir,
      'less-than',
      fixtureAs('less-than-walk', (b) => {
        b.guide.title = 'Walks < 2 km, 5 <3';
        b.pois![0]!.content.en!.title = 'a < b';
        b.pois![0]!.content.en!.description = `<p><strong>Bold</strong></p>`;
      }),
    );
    expect(await importErrors(dir)).toEqual([]);
    const guide = (await env.app.inject({ url: '/api/v1/tour-by-token/less-than-walk' })).json<{
      title: string;
    }>();
    expect(guide.title).toBe('Walks < 2 km, 5 <3');
  });

  it('`npm run import` says which field and why, and exits 1', async () => {
    const dir = await writeBundle(
      env.dir,
      'cli-meta',
      fixtureAs('cli-walk', (b) => (b.layers![0]!.name = '<img src=x onerror=alert(1)>')),
    );
    const environment = { ...process.env, DATA_DIR: env.dir, DEMO_CONTENT: '0' };
    const out = await run(process.execPath, [TSX, 'src/cli.ts', 'import', dir], {
      cwd: SERVER,
      env: environment,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      `$.layers[0].name: ${plainTextProblem('<img src=x onerror=alert(1)>')}`,
    );
    expect(await guideStatus('cli-walk')).toBe(404);
  }, 60_000);
});

/** A call of the studio's API as `who`. */
const call = (who: SignedUp, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  env.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: who.headers,
    payload: payload as object,
  });
type Problems = { problems: { path: string; message: string }[] };

describe('a guide stored before the rule', () => {
  it('exports with a warning naming the field, so it can be fixed and imported again', async () => {
    await env.handle.db
      .updateTable('guides')
      .set({ title: 'Walk <b>bold</b>' })
      .where('token', '=', w.orgB.guide)
      .execute();
    const out = path.join(env.dir, 'legacy-export');
    const warned: string[][] = [];
    expect(
      await exportBundle(env.handle, env.media, w.orgB.guide, out, (p) => warned.push(p)),
    ).toBe(true);
    expect(warned).toEqual([[`$.guide.title: ${plainTextProblem('Walk <b>bold</b>')}`]]);
    const written = JSON.parse(await readFile(path.join(out, 'guide.json'), 'utf8')) as {
      guide: { title: string };
    };
    expect(written.guide.title).toBe('Walk <b>bold</b>');
    expect((await readdir(path.join(out, 'media'))).length).toBeGreaterThan(0);
  });
});

describe('the studio', () => {
  it('a zip import with such a title answers 400 naming the field', async () => {
    const bundle = await readFixture();
    fixtureAs('zip-meta-walk', (b) => (b.pois![0]!.content.en!.title = META))(bundle);
    const files: Record<string, Uint8Array> = { 'guide.json': strToU8(JSON.stringify(bundle)) };
    for (const name of await readdir(path.join(FIXTURE, 'media')))
      files[`media/${name}`] = await readFile(path.join(FIXTURE, 'media', name));
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: { ...w.publisherA.headers, 'content-type': 'application/zip' },
      payload: Buffer.from(zipSync(files)),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Problems>().problems).toEqual([{ path: TITLE_AT, message: MESSAGE }]);
  });

  it('a draft saved with such a title lists the problem at its JSON path; publish and preview answer 422', async () => {
    const token = w.orgA.guide;
    const opened = (await call(w.publisherA, 'GET', `studio/guides/${token}/draft`)).json<
      StudioDraft & { document: GuideBundleInput }
    >();
    const document = structuredClone(opened.document);
    document.pois![0]!.content.en!.title = META;
    const saved = await call(w.publisherA, 'PUT', `studio/guides/${token}/draft`, {
      revision: opened.revision,
      document,
    });
    // A draft is saved while it breaks rules; the problem shows at its field.
    expect(saved.statusCode, saved.body).toBe(200);
    const problem = { path: TITLE_AT, message: MESSAGE };
    expect(saved.json<Problems>().problems).toEqual([problem]);
    const again = await call(w.publisherA, 'GET', `studio/guides/${token}/draft`);
    expect(again.json<Problems>().problems).toEqual([problem]);

    const revision = saved.json<{ revision: number }>().revision;
    const published = await call(w.publisherA, 'POST', `studio/guides/${token}/publish`, {
      revision,
    });
    expect(published.statusCode).toBe(422);
    expect(published.json<Problems>().problems).toEqual([problem]);
    const preview = await call(w.publisherA, 'POST', `studio/guides/${token}/preview`, {});
    expect(preview.statusCode).toBe(422);
    expect(preview.json<Problems>().problems).toEqual([problem]);
    // Visitors still see the guide as it was published.
    const pois = (await env.app.inject({ url: `/api/v1/pois?guide__token=${token}` })).json<
      { title: string }[]
    >();
    expect(pois.map((p) => p.title)).not.toContain(META);
  });

  it('a new guide titled with markup answers 400 with the message', async () => {
    const res = await call(w.publisherA, 'POST', 'studio/guides', {
      organisation_id: w.orgA.id,
      title: '<a href="https://evil.example/">Walk</a>',
      city: { name: 'Salem', state: 'Oregon' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `Invalid request: body title: ${plainTextProblem('<a href="https://evil.example/">')}`,
    );
  });
});
