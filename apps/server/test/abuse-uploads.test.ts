import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuideBundleInput } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import { studioMediaDir } from '../src/modules/studio/media/media-pool.js';
import { bearer } from './auth-helpers.js';
import { FIXTURE, makeEnv, readFixture, writeBundle, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { listen, poolFiles, rawRequest } from './studio-media-helpers.js';
import { answer, answerRows, participationIds, type HuntIds } from './participation-helpers.js';

// The abuse suite (docs/scale-out.md §5): uploads that are not what they say, too large, or
// zip bombs are refused with a clear 4xx and leave nothing behind: no guide, no media, no pool
// file, no temp file.

const HTML = '<!doctype html><script src="x.js"></script><p>hello</p>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script href="x.js"/></svg>';
const JS = 'window.__xss = 1;';

let env: TestEnv;
let w: StudioWorld;
let ids: HuntIds;
let pool: string;
let tmp: string;
const savedTmp = process.env.TMPDIR;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
  await importBundle(env.handle, env.media, FIXTURE);
  ids = await participationIds(env);
  pool = studioMediaDir(env.mediaDir);
  // The importer and the upload routes unpack under os.tmpdir(): a folder of this file's own,
  // so "nothing left behind" is checked without other tests' files in the way.
  tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-abuse-tmp-'));
  process.env.TMPDIR = tmp;
});
afterAll(async () => {
  process.env.TMPDIR = savedTmp;
  await rm(tmp, { recursive: true, force: true });
  await env.close();
});

/** Everything an upload could leave: rows of the content tables, media, pool and temp files. */
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const t of ['guides', 'pois', 'guide_drafts', 'user_answers'] as const)
    counts[t] = Number(
      (
        await env.handle.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = async (dir: string) =>
    (await readdir(dir, { recursive: true }).catch(() => [] as string[])).sort();
  return {
    counts,
    media: await files(env.mediaDir),
    pool: await poolFiles(pool),
    tmp: await files(tmp),
  };
}
let before: Awaited<ReturnType<typeof snapshot>>;
beforeEach(async () => {
  before = await snapshot();
});
const unchanged = async () => expect(await snapshot()).toEqual(before);

/** The fixture bundle's files as zip entries, guide.json changed by `edit`, plus `extra`. */
async function bundleEntries(
  edit: (b: GuideBundleInput) => void = () => {},
  extra: Zippable = {},
): Promise<Zippable> {
  const b = await readFixture();
  b.guide.token = 'abuse-walk';
  b.pois!.forEach((p) => (p.token = `abuse-${p.token}`));
  b.badges!.forEach((x) => {
    x.token = `abuse-${x.token}`;
    x.levels.forEach((l) => (l.token = `abuse-${l.token}`));
  });
  b.hunts!.forEach((h) => h.challenges.forEach((c) => c.poi && (c.poi = `abuse-${c.poi}`)));
  edit(b);
  const files: Zippable = { 'guide.json': strToU8(JSON.stringify(b)) };
  for (const name of await readdir(path.join(FIXTURE, 'media')))
    files[`media/${name}`] = new Uint8Array(await readFile(path.join(FIXTURE, 'media', name)));
  return { ...files, ...extra };
}

const importZip = (zip: Uint8Array, who = w.publisherA) =>
  env.app.inject({
    method: 'POST',
    url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
    headers: { ...who.headers, 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });
const problems = (res: { json: () => unknown }) =>
  (res.json() as { message: string; problems: { path: string; message: string }[] }).problems;

/** Media that would be served as a page or script on our origin if the importer took it. */
const hostileMedia: [string, (b: GuideBundleInput) => void, Zippable, string[]][] = [
  [
    'an HTML page named as a picture',
    (b) => (b.guide.images = ['media/page.html']),
    { 'media/page.html': strToU8(HTML) },
    ['$.guide.images[0]: file "media/page.html" is not a picture (JPEG, PNG or WebP)'],
  ],
  [
    'an SVG with script named as the splash',
    (b) => (b.guide.splash = 'media/icon.svg'),
    { 'media/icon.svg': strToU8(SVG) },
    ['$.guide.splash: file "media/icon.svg" is not a picture (JPEG, PNG or WebP)'],
  ],
  [
    'a script named as audio',
    (b) => (b.guide.audio = 'media/x.js'),
    { 'media/x.js': strToU8(JS) },
    ['$.guide.audio: file "media/x.js" is not audio (MP3, M4A, Ogg or WAV)'],
  ],
  [
    'a JPEG polyglot named .html',
    (b) => (b.badges![0]!.image = 'media/poly.html'),
    { 'media/poly.html': 'POLYGLOT' as unknown as Uint8Array },
    [
      '$.badges[0].image: file "media/poly.html" is a JPEG picture but its name does not end in .jpg or .jpeg',
    ],
  ],
  [
    'a picture named as audio',
    (b) => (b.pois![0]!.content.en!.audio = 'media/a.jpg'),
    {},
    [
      '$.pois[0].content.en.audio: file "media/a.jpg" is not audio (MP3, M4A, Ogg or WAV): its bytes are a JPEG picture',
    ],
  ],
];

async function polyglot(): Promise<Uint8Array> {
  const jpeg = await readFile(path.join(FIXTURE, 'media', 'a.jpg'));
  return new Uint8Array(Buffer.concat([jpeg, Buffer.from(HTML)]));
}

describe('bundle media that are not what they say (the importer checks their bytes)', () => {
  it.each(hostileMedia)(
    'the command-line importer refuses %s, storing nothing',
    async (_what, edit, extra, messages) => {
      // The fixture's own tokens: a refused import of them changes nothing of the guide.
      const dir = await writeBundle(env.dir, `hostile-${_what.replace(/\W+/g, '-')}`, edit);
      for (const [name, data] of Object.entries(extra))
        await writeFile(
          path.join(dir, name),
          (data as unknown) === 'POLYGLOT' ? await polyglot() : (data as Uint8Array),
        );
      let errors: string[] | undefined;
      try {
        await importBundle(env.handle, env.media, dir);
      } catch (e) {
        if (!(e instanceof BundleError)) throw e;
        errors = e.errors;
      }
      expect(errors).toEqual(messages);
      await unchanged();
      await rm(dir, { recursive: true, force: true });
    },
  );

  it.each(hostileMedia)(
    "the studio's import refuses %s with 400 and the field's problem, leaving nothing",
    async (_what, edit, extra, messages) => {
      const files = await bundleEntries(edit, {});
      for (const [name, data] of Object.entries(extra))
        files[name] = (data as unknown) === 'POLYGLOT' ? await polyglot() : data;
      const res = await importZip(zipSync(files));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('The bundle cannot be imported');
      expect(problems(res).map((p) => `${p.path}: ${p.message}`)).toEqual(messages);
      await unchanged();
    },
  );

  it('never served such a file: the media area has no page, SVG or script', async () => {
    const all = await readdir(env.mediaDir, { recursive: true });
    expect(all.filter((f) => /\.(html?|svg|js|xml)$/i.test(f))).toEqual([]);
  });
});

describe('zip bombs and hostile archives (studio import)', () => {
  it('refuses a high-ratio entry before writing a byte of it', async () => {
    // 64 MiB of zeros pack to ~64 KB: a thousand times.
    const files = await bundleEntries(() => {}, {
      'media/bomb.bin': new Uint8Array(64 * 1024 ** 2),
    });
    const zip = zipSync(files, { level: 9 });
    expect(zip.length).toBeLessThan(1024 ** 2);
    const res = await importZip(zip);
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual([
      {
        path: '$',
        message: expect.stringMatching(
          /^zip entry "media\/bomb\.bin" unpacks to more than 200 times its packed size \(\d+ bytes to 67108864\), the most allowed$/,
        ),
      },
    ]);
    await unchanged();
  });

  it('refuses an archive of more than 10,000 entries', async () => {
    const extra: Zippable = {};
    for (let i = 0; i < 10_000; i++) extra[`junk/${i}.txt`] = new Uint8Array(0);
    const res = await importZip(zipSync(await bundleEntries(() => {}, extra), { level: 0 }));
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual([
      { path: '$', message: 'the zip holds 10005 entries, more than the 10000 allowed' },
    ]);
    await unchanged();
  });

  it('never unpacks a nested zip: one named as a picture is refused, one unnamed is not imported', async () => {
    const inner = zipSync({ 'bomb.bin': new Uint8Array(8 * 1024 ** 2) }, { level: 9 });
    const named = await bundleEntries((b) => (b.guide.images = ['media/inner.zip']), {
      'media/inner.zip': inner,
    });
    const res = await importZip(zipSync(named));
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual([
      {
        path: '$.guide.images[0]',
        message: 'file "media/inner.zip" is not a picture (JPEG, PNG or WebP)',
      },
    ]);
    await unchanged();

    // Unnamed, it is ignored: the draft is made from what guide.json names, the inner zip
    // neither unpacked nor pooled, and the temp folder emptied.
    const ok = await importZip(
      zipSync(await bundleEntries(() => {}, { 'media/inner.zip': inner })),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(JSON.stringify(ok.json())).not.toContain('inner.zip');
    expect((await snapshot()).tmp).toEqual([]);
    expect((await poolFiles(pool)).filter((f) => f.endsWith('.zip'))).toEqual([]);
  });

  it.each([
    ['../evil.txt', 'points outside the bundle'],
    ['media/../../evil.txt', 'points outside the bundle'],
    ['/tmp/evil.txt', 'points outside the bundle'],
    ['..\\evil.txt', 'has a backslash in its path'],
  ])('refuses the entry name %j and writes it nowhere', async (name, problem) => {
    const res = await importZip(zipSync(await bundleEntries(() => {}, { [name]: strToU8('x') })));
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual([{ path: '$', message: `zip entry "${name}" ${problem}` }]);
    await unchanged();
    const tmpParent = path.dirname(tmp);
    expect(await readdir(tmpParent)).not.toContain('evil.txt');
  });

  it('refuses a body announced above 512 MB before reading it (413), over a real socket', async () => {
    const { port } = await listen(env);
    const res = await rawRequest(port, {
      path: `/api/v1/studio/import?organisation=${w.orgA.id}`,
      headers: {
        ...bearer(w.publisherA.token),
        'content-type': 'application/zip',
        'content-length': String(600 * 1024 ** 2),
        connection: 'close',
      },
      send: Buffer.from('PK'),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(/at most 512 MB/);
    await unchanged();
  });
});

describe("the studio's media pool: bytes decide, never the declared type", () => {
  const upload = (body: Buffer | string, type: string, name = 'file') =>
    env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/guides/${w.orgA.guide}/media?name=${name}`,
      headers: { ...w.publisherA.headers, 'content-type': type },
      payload: Buffer.from(body),
    });

  it.each([
    ['an HTML page declared a JPEG', HTML, 'image/jpeg', 'photo.jpg'],
    ['an SVG with script', SVG, 'image/svg+xml', 'icon.svg'],
    ['a script declared MP3 audio', JS, 'audio/mpeg', 'tone.mp3'],
    ['a GIF/JavaScript polyglot', 'GIF89a/*\x00\x00*/=1;window.__xss=1;', 'image/gif', 'x.gif'],
  ])('refuses %s with 415 and stores nothing', async (_what, body, type, name) => {
    const res = await upload(body, type, name);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^This file is not a kind the studio accepts/);
    await unchanged();
  });

  it('refuses a JPEG start with a page behind it that no decoder reads (4xx), storing nothing', async () => {
    const head = (await readFile(path.join(FIXTURE, 'media', 'a.jpg'))).subarray(0, 20);
    const res = await upload(Buffer.concat([head, Buffer.from(HTML)]), 'image/jpeg');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(/cannot be read as a JPEG picture/);
    await unchanged();
  });

  it("keeps a picture's pixels only: a page appended after a real JPEG does not survive", async () => {
    const res = await upload(Buffer.from(await polyglot()), 'image/jpeg', 'poly.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<{ url: string }>();
    const served = await env.app.inject({ url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses a body announced above 50 MB before reading it (413)', async () => {
    const { port } = await listen(env);
    const res = await rawRequest(port, {
      path: `/api/v1/studio/guides/${w.orgA.guide}/media?name=big.mp3`,
      headers: {
        ...bearer(w.publisherA.token),
        'content-type': 'audio/mpeg',
        'content-length': String(60 * 1024 ** 2),
        connection: 'close',
      },
      send: Buffer.from('ID3'),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('Files may be at most 50 MB.');
    await unchanged();
  });
});

describe('photo answers: a data URL that lies', () => {
  const photo = (value: string) => ({
    challenge: ids.photo,
    value,
    resourcetype: 'UserPhotoChallengeAnswer',
  });

  it.each([
    [
      'an HTML page declared a PNG',
      `data:image/png;base64,${Buffer.from(HTML).toString('base64')}`,
    ],
    ['an SVG declared a JPEG', `data:image/jpeg;base64,${Buffer.from(SVG).toString('base64')}`],
    ['a script declared a GIF', `data:image/gif;base64,${Buffer.from(JS).toString('base64')}`],
  ])('refuses %s with 400, storing nothing', async (_what, value) => {
    const res = await answer(env, w.visitor, photo(value));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The photo is not an image (JPEG, PNG, WebP, GIF, AVIF or HEIC)',
    );
    await unchanged();
  });

  it('stores a JPEG polyglot re-encoded: the page behind it is not in any stored file', async () => {
    const value = `data:image/jpeg;base64,${Buffer.from(await polyglot()).toString('base64')}`;
    const res = await answer(env, w.visitor, photo(value));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await answerRows(env, w.visitor.user.id);
    expect(row).toBeDefined();
    const dir = path.join(env.mediaDir, 'answers');
    for (const name of await readdir(dir)) {
      const bytes = await readFile(path.join(dir, name));
      expect(bytes.includes(Buffer.from('<script')), name).toBe(false);
    }
  });
});
