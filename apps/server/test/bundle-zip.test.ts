import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importBundle } from '../src/bundles/bundle-import.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import { zipPathProblem, type BundleLimits } from '../src/bundles/bundle-source.js';
import { FIXTURE, makeEnv, writeBundle, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(() => env.close());

/** The fixture bundle as zip entries under one top folder, as a zip of the folder holds it. */
async function fixtureEntries(): Promise<Zippable> {
  const files: Zippable = {};
  for (const name of await readdir(FIXTURE, { recursive: true })) {
    if (name.includes('.'))
      files[`mini-guide/${name}`] = new Uint8Array(await readFile(path.join(FIXTURE, name)));
  }
  return files;
}
const writeZip = async (name: string, data: Uint8Array) => {
  const file = path.join(env.dir, name);
  await writeFile(file, data);
  return file;
};

/** Everything an import could change: row counts of the content tables and the media files. */
async function snapshot() {
  const tables = ['guides', 'pois', 'poi_translations', 'challenges', 'badges', 'cities'] as const;
  const counts: Record<string, number> = {};
  for (const t of tables)
    counts[t] = Number(
      (
        await env.handle.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const media = (await readdir(env.mediaDir, { recursive: true }).catch(() => [])).sort();
  return { counts, media };
}

/** Imports `source` on top of the fixture, expects a BundleError, and that nothing changed. */
async function refused(source: string, limits?: BundleLimits): Promise<string[]> {
  await importBundle(env.handle, env.media, FIXTURE);
  const before = await snapshot();
  let errors: string[] | undefined;
  try {
    await importBundle(env.handle, env.media, source, { limits });
  } catch (e) {
    if (!(e instanceof BundleError)) throw e;
    errors = e.errors;
  }
  if (!errors) throw new Error('the bundle was accepted');
  expect(await snapshot()).toEqual(before);
  return errors;
}

const SYMLINK = { os: 3, attrs: (0o120777 << 16) >>> 0 };

describe('zip bundles', () => {
  it('imports a zip unpacked entry by entry', async () => {
    const zip = await writeZip('mini.zip', zipSync(await fixtureEntries()));
    expect(await importBundle(env.handle, env.media, zip)).toMatchObject({
      token: 'mini-walk',
      media: 4,
    });
  });

  it('refuses an archive whose entries declare more than the size limit together, before unpacking', async () => {
    const files = await fixtureEntries();
    files['mini-guide/media/padding.bin'] = new Uint8Array(64 * 1024); // zeros: packs to little
    const zip = await writeZip('big.zip', zipSync(files));
    expect(await refused(zip, { maxEntries: 100, maxTotalBytes: 32 * 1024 })).toEqual([
      '$: the zip unpacks to more than 32768 bytes, the most allowed',
    ]);
  });

  it('refuses an entry that holds more bytes than its header declares', async () => {
    const zip = Buffer.from(zipSync({ 'guide.json': new Uint8Array(50_000) }));
    // Declared (uncompressed) size: 10 bytes, in the local header and in the central directory.
    zip.writeUInt32LE(10, 22);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(10, central + 24);
    const file = await writeZip('liar.zip', zip);
    expect(await refused(file)).toEqual([
      '$: zip entry "guide.json" holds more bytes than it declares',
    ]);
  });

  it('refuses an archive with more entries than the limit', async () => {
    const zip = await writeZip('many.zip', zipSync(await fixtureEntries()));
    expect(await refused(zip, { maxEntries: 3, maxTotalBytes: 1024 ** 2 })).toEqual([
      '$: the zip holds 5 entries, more than the 3 allowed',
    ]);
  });

  it('refuses a symbolic link entry', async () => {
    const files = await fixtureEntries();
    files['mini-guide/media/a.jpg'] = [strToU8('/etc/passwd'), SYMLINK];
    const zip = await writeZip('link.zip', zipSync(files));
    expect(await refused(zip)).toEqual([
      '$: zip entry "mini-guide/media/a.jpg" is a symbolic link; a bundle may hold only files and folders',
    ]);
  });

  it.each([
    ['../evil.txt', 'points outside the bundle'],
    ['mini-guide/../../evil.txt', 'points outside the bundle'],
    ['/etc/evil.txt', 'points outside the bundle'],
    ['C:/evil.txt', 'points outside the bundle'],
    ['mini-guide\\..\\..\\evil.txt', 'has a backslash in its path'],
  ])('refuses the entry path %j', async (name, problem) => {
    const files = await fixtureEntries();
    files[name] = strToU8('x');
    const zip = await writeZip('paths.zip', zipSync(files));
    expect(await refused(zip)).toEqual([`$: zip entry "${name}" ${problem}`]);
    expect(zipPathProblem(name)).toBe(problem);
  });

  it('accepts ordinary paths', () => {
    for (const name of ['guide.json', 'mini-guide/media/a.jpg', 'a/./b', 'media/..x.jpg'])
      expect(zipPathProblem(name)).toBeNull();
  });

  it('refuses a file that is not a zip', async () => {
    const file = await writeZip('junk.zip', strToU8('not a zip at all'));
    const [error] = await refused(file);
    expect(error).toMatch(/^\$: ".*junk\.zip" is not a zip file Earshot can open: .* \(.+\)/);
  });
});

describe('folder bundles', () => {
  it('refuses text with a NUL character, which PostgreSQL cannot store', async () => {
    const dir = await writeBundle(env.dir, 'nul', (b) => {
      b.guide.title = 'Mini\u0000Walk';
      b.pois![1]!.content.en!.description = 'a\u0000b';
    });
    expect(await refused(dir)).toEqual([
      '$.guide.title: text holds a NUL character',
      '$.pois[1].content.en.description: text holds a NUL character',
    ]);
  });

  it('refuses a symbolic link to a file, even one the bundle names', async () => {
    const dir = await writeBundle(env.dir, 'linked', () => {});
    await rm(path.join(dir, 'media', 'a.jpg'));
    await symlink('/etc/hostname', path.join(dir, 'media', 'a.jpg'));
    expect(await refused(dir)).toEqual([
      '$: "media/a.jpg" is a symbolic link; a bundle may hold only files and folders',
    ]);
  });

  it('refuses a symbolic link to a folder', async () => {
    const dir = await writeBundle(env.dir, 'linked-dir', () => {});
    await mkdir(path.join(dir, 'extra'));
    await symlink('/etc', path.join(dir, 'extra', 'etc'));
    expect(await refused(dir)).toEqual([
      '$: "extra/etc" is a symbolic link; a bundle may hold only files and folders',
    ]);
  });
});
