import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, type Zippable } from 'fflate';
import type { GuideBundleInput } from '@earshot/core';
import { FIXTURE, readFixture } from '../helpers.js';

/** Makes the fixture's guide `b` another guide, `token`: every token of it made its own. */
export function renameGuide(b: GuideBundleInput, token: string): void {
  b.guide.token = token;
  b.pois!.forEach((p) => (p.token = `${token}-${p.token}`));
  b.badges!.forEach((x) => {
    x.token = `${token}-${x.token}`;
    x.levels.forEach((l) => (l.token = `${token}-${l.token}`));
    if (x.visited_item && b.pois!.some((p) => p.token === `${token}-${x.visited_item}`))
      x.visited_item = `${token}-${x.visited_item}`;
  });
  b.hunts!.forEach((h) => h.challenges.forEach((c) => c.poi && (c.poi = `${token}-${c.poi}`)));
}

/** The fixture's guide with every token made its own by `token` (no clash with the fixture's). */
export async function renamedFixture(token: string): Promise<GuideBundleInput> {
  const b = await readFixture();
  renameGuide(b, token);
  return b;
}

/** The fixture bundle as zip entries (guide.json first): its guide as `token`, changed by `edit`. */
export async function bundleFiles(
  token: string,
  edit: (b: GuideBundleInput) => void = () => {},
  extra: Zippable = {},
): Promise<Zippable> {
  const b = await renamedFixture(token);
  edit(b);
  const files: Zippable = { 'guide.json': strToU8(JSON.stringify(b)) };
  for (const name of await readdir(path.join(FIXTURE, 'media')))
    files[`media/${name}`] = new Uint8Array(await readFile(path.join(FIXTURE, 'media', name)));
  return { ...files, ...extra };
}

/**
 * The zip with the packed data of entry `name` overwritten by 0xff bytes: a deflate block of a
 * reserved type, so unpacking that entry fails ("invalid block type"); its directory records
 * are untouched. Any step that unpacks it is seen by that failure.
 */
export function corruptEntry(zip: Uint8Array, name: string): Uint8Array {
  const out = Buffer.from(zip);
  let at = out.indexOf('PK\x03\x04', 0, 'latin1');
  for (; at >= 0; at = out.indexOf('PK\x03\x04', at + 4, 'latin1')) {
    const nameLength = out.readUInt16LE(at + 26);
    if (out.toString('utf8', at + 30, at + 30 + nameLength) === name) break;
  }
  if (at < 0) throw new Error(`no entry ${name}`);
  if (out.readUInt16LE(at + 8) !== 8) throw new Error(`entry ${name} is not deflated`);
  const start = at + 30 + out.readUInt16LE(at + 26) + out.readUInt16LE(at + 28);
  out.fill(0xff, start, start + out.readUInt32LE(at + 18));
  return new Uint8Array(out);
}
