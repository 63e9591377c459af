import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate, imageVariants } from '../src/modules/media/image-variants.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-variants-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the resizing gate', () => {
  it('runs at most n jobs at once, the others in order, and goes on after a failure', async () => {
    const run = gate(2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) => async () => {
      now++;
      most = Math.max(most, now);
      await new Promise((r) => setTimeout(r, 10));
      now--;
      order.push(i);
      if (i === 1) throw new Error('broken picture');
      return i;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((i) => run(job(i))));
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
  });

  it("hands an ended job's place to the waiting one: a call in between waits too", async () => {
    // A call a few microtasks after the first job ends, whichever of them falls between the
    // gate freeing the place and the waiting job resuming.
    const later = (depth: number, then: () => Promise<void>): Promise<void> =>
      depth === 0 ? then() : Promise.resolve().then(() => later(depth - 1, then));
    for (let depth = 0; depth < 6; depth++) {
      const run = gate(1);
      let now = 0;
      let most = 0;
      const job = (hold: Promise<void>) => async () => {
        now++;
        most = Math.max(most, now);
        await hold;
        now--;
      };
      let release!: () => void;
      const first = run(job(new Promise<void>((r) => (release = r))));
      const second = run(job(Promise.resolve()));
      await new Promise((r) => setTimeout(r, 0));
      release();
      const third = later(depth, () => run(job(Promise.resolve())));
      await Promise.all([first, second, third]);
      expect(most, `a call ${depth} microtasks after the end`).toBe(1);
    }
  });
});

describe('imageVariants', () => {
  it('makes each picture once per width, however many ask at once, and never enlarges', async () => {
    const source = path.join(dir, 'photo.png');
    await writeFile(
      source,
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#abcdef' } })
        .png()
        .toBuffer(),
    );
    const variants = imageVariants(path.join(dir, 'variants'), 1);
    const names = await Promise.all(Array.from({ length: 5 }, () => variants.variant(source, 224)));
    expect(new Set(names).size).toBe(1);
    const big = await variants.variant(source, 800);
    expect((await sharp(path.join(variants.dir, names[0]!)).metadata()).width).toBe(224);
    expect((await sharp(path.join(variants.dir, big)).metadata()).width).toBe(300);
    expect((await readdir(variants.dir)).sort()).toEqual([names[0], big].sort());
  });

  it('a missing source is ENOENT; a broken one fails and leaves nothing behind', async () => {
    const variants = imageVariants(path.join(dir, 'v2'));
    await expect(variants.variant(path.join(dir, 'none.jpg'), 224)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    const broken = path.join(dir, 'broken.jpg');
    await writeFile(broken, Buffer.from('\xff\xd8\xff\xe0 not really a jpeg', 'latin1'));
    await expect(variants.variant(broken, 224)).rejects.toThrow();
    expect(await readdir(variants.dir).catch(() => [])).toEqual([]);
  });
});
