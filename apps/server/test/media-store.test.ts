import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskMediaStore } from '../src/storage/disk-store.js';
import { deletePrefix, type MediaStore } from '../src/storage/media-store.js';
import { byteRange } from '../src/storage/send-stored.js';
import { startS3, type TestS3 } from './support/s3-server.js';

// The storage interface (docs/scale-out.md §2) behaves the same on the disk and in a bucket
// (s3rver, a real S3-compatible server, with a key prefix as S3_PREFIX gives).

let s3: TestS3;
let dir: string;
const stores: [string, () => MediaStore][] = [
  ['disk', () => diskMediaStore(path.join(dir, 'data'))],
  ['s3', () => s3.store],
];

beforeAll(async () => {
  s3 = await startS3('store-test', 'earshot/');
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-store-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe.each(stores)('the %s store', (_name, storeOf) => {
  it('puts, heads, reads whole and by range, lists, copies, downloads and deletes', async () => {
    const store = storeOf();
    await store.check();
    await store.put('media/tours/1/media/a.txt', { data: Buffer.from('0123456789') });
    const file = path.join(dir, `${_name}-b.txt`);
    await writeFile(file, 'bee');
    await store.put('media/tours/1/media/b.txt', { file }, { version: 'abc' });
    const info = await store.head('media/tours/1/media/a.txt');
    expect(info?.size).toBe(10);
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    expect(await store.head('media/tours/1/media/none.txt')).toBeNull();
    expect(await store.get('media/tours/1/media/none.txt')).toBeNull();
    expect(await text((await store.get('media/tours/1/media/a.txt'))!.body)).toBe('0123456789');
    const part = await store.get('media/tours/1/media/a.txt', { start: 2, end: 4 });
    expect(await text(part!.body)).toBe('234');
    expect(part!.size).toBe(10);

    await store.copy('media/tours/1/media/b.txt', 'media/tours/2/media/b.txt');
    const keys = [];
    for await (const o of store.list('media/tours/')) keys.push(o.key);
    expect(keys.sort()).toEqual([
      'media/tours/1/media/a.txt',
      'media/tours/1/media/b.txt',
      'media/tours/2/media/b.txt',
    ]);
    const target = path.join(dir, `${_name}-out`, 'b.txt');
    expect(await store.download('media/tours/2/media/b.txt', target)).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('bee');
    expect(await store.download('media/tours/2/media/none.txt', target)).toBe(false);

    const before = (await store.head('media/tours/1/media/a.txt'))!.lastModified.getTime();
    await new Promise((r) => setTimeout(r, 1100));
    await store.touch('media/tours/1/media/a.txt');
    const after = await store.head('media/tours/1/media/a.txt');
    expect(after!.lastModified.getTime()).toBeGreaterThan(before);
    expect(after!.size).toBe(10);

    expect(await deletePrefix(store, 'media/tours/1/')).toBe(2);
    await store.delete(['media/tours/2/media/b.txt', 'media/tours/9/none']);
    const left = [];
    for await (const o of store.list('media/')) left.push(o.key);
    expect(left).toEqual([]);
  });
});

describe('byteRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=90-200', 100, { start: 90, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    [undefined, 100, null],
  ] as const)('%s of %i bytes', (header, size, want) => {
    expect(byteRange(header, size)).toEqual(want);
  });
});
