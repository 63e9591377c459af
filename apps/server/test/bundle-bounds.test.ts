import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../src/bundles/bundle-import.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { bundleFiles, corruptEntry } from './support/bundle-zips.js';

// A zip is judged by its central directory and its guide.json before any other entry is
// unpacked, and only the files guide.json names are ever unpacked, on both ways in (the
// command line and the studio's import): docs/security.md.

let env: TestEnv;
let w: StudioWorld;
let tmp: string;
const savedTmp = process.env.TMPDIR;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
  // Both ways in unpack under os.tmpdir(): a folder of this file's own, checked empty after.
  tmp = await mkdtemp(path.join(os.tmpdir(), 'earshot-bounds-tmp-'));
  process.env.TMPDIR = tmp;
});
afterAll(async () => {
  process.env.TMPDIR = savedTmp;
  await rm(tmp, { recursive: true, force: true });
  await env.close();
});

/** Bytes this process has written so far, to files and elsewhere (Linux: /proc/self/io). */
const written = () => Number(/wchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

type Outcome = 'imported' | string[];
let n = 0;
const ways: [string, (zip: Uint8Array) => Promise<Outcome>][] = [
  [
    'the command-line importer',
    async (zip) => {
      const file = path.join(env.dir, `bounds-${++n}.zip`);
      await writeFile(file, zip);
      try {
        await importBundle(env.handle, env.media, file);
        return 'imported';
      } catch (e) {
        if (e instanceof BundleError) return e.errors;
        throw e;
      } finally {
        await rm(file);
      }
    },
  ],
  [
    'POST studio/import',
    async (zip) => {
      const res = await env.app.inject({
        method: 'POST',
        url: `/api/v1/studio/import?organisation=${w.orgA.id}`,
        headers: { ...w.publisherA.headers, 'content-type': 'application/zip' },
        payload: Buffer.from(zip),
      });
      if (res.statusCode === 201) return 'imported';
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ problems: { path: string; message: string }[] }>();
      return body.problems.map((p) => `${p.path}: ${p.message}`);
    },
  ],
];

/** An entry that fails when unpacked, put before everything else in the zip. */
const withCorruptFirst = (files: Zippable) =>
  corruptEntry(
    zipSync({ 'aaa/corrupt.bin': strToU8('x'.repeat(4000)), ...files }),
    'aaa/corrupt.bin',
  );

describe.each(ways)('a bundle .zip through %s', (_way, send) => {
  it('is refused when its many small entries together unpack to more than 200 times the zip, none of them written', async () => {
    // 40 entries of 256 KiB of zeros: each far below the MiB from which an entry's own ratio
    // counts, together 10 MiB out of a zip of a few KB (the probe's 297 KB unpacked 200 MB).
    const pads: Zippable = {};
    for (let i = 0; i < 40; i++) pads[`pad/${i}.bin`] = new Uint8Array(256 * 1024);
    const zip = zipSync(await bundleFiles(`bounds-pads-${n}`, () => {}, pads), { level: 9 });
    expect(zip.length).toBeLessThan(64 * 1024);
    const before = written();
    expect(await send(zip)).toEqual([
      expect.stringMatching(
        /^\$: the zip unpacks to more than 200 times its own size \(\d+ bytes to 10\d{6}\), the most allowed$/,
      ),
    ]);
    expect(written() - before).toBeLessThan(1024 ** 2);
    expect(await readdir(tmp)).toEqual([]);
  });

  it('checks guide.json before unpacking any other entry', async () => {
    const files = await bundleFiles(`bounds-bad-${n}`);
    files['guide.json'] = strToU8('{"format":"earshot-guide-bundle/0"}');
    const errors = await send(withCorruptFirst(files));
    expect(errors).toContain('$.format: Invalid input: expected "earshot-guide-bundle/1"');
    expect(JSON.stringify(errors)).not.toContain('corrupt.bin');

    const without = await bundleFiles(`bounds-none-${n}`);
    delete without['guide.json'];
    expect(await send(withCorruptFirst(without))).toEqual(['$: guide.json is missing']);
    expect(await readdir(tmp)).toEqual([]);
  });

  it('unpacks only the files guide.json names', async () => {
    const junk: Zippable = {};
    for (let i = 0; i < 500; i++) junk[`junk/${i}.txt`] = new Uint8Array(0);
    // The corrupt entry is never unpacked, so it stops nothing.
    expect(
      await send(withCorruptFirst(await bundleFiles(`bounds-named-${n}`, () => {}, junk))),
    ).toBe('imported');
    expect(await readdir(tmp)).toEqual([]);
  });

  it('answers a zip of 9,999 empty entries and a bad guide.json at once (was 3.6–7.4 s)', async () => {
    const files: Zippable = {};
    for (let i = 0; i < 9_999; i++) files[`junk/${i}.txt`] = new Uint8Array(0);
    files['guide.json'] = strToU8('{"format":"nope"}');
    const zip = zipSync(files, { level: 0 });
    const started = performance.now();
    const errors = await send(zip);
    // Reading the central directory takes ~0.1 s; the bound leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(errors).toContain('$.format: Invalid input: expected "earshot-guide-bundle/1"');
    expect(await readdir(tmp)).toEqual([]);
  });
});
