import { describe, expect, it } from 'vitest';
import { hashLimit, limiter, threadPoolSize } from '../src/modules/auth/password-hashing.js';

describe('the thread pool and the hash limit', () => {
  it.each([
    [undefined, 4],
    ['', 4],
    ['16', 16],
    ['0', 4],
    ['-3', 4],
    ['2.5', 4],
    ['many', 4],
    ['5000', 1024],
  ])('UV_THREADPOOL_SIZE=%s is a pool of %i', (value, size) => {
    expect(threadPoolSize(value === undefined ? {} : { UV_THREADPOOL_SIZE: value })).toBe(size);
  });

  it.each([
    // [pool, cpus, hashes at once]
    [4, 2, 2],
    [4, 8, 2],
    [16, 2, 2],
    [16, 4, 4],
    [1, 2, 1],
    [2, 1, 1],
  ])('a pool of %i on %i CPUs hashes %i at once', (pool, cpus, limit) => {
    expect(hashLimit(pool, cpus)).toBe(limit);
  });
});

describe('limiter', () => {
  it('runs at most its limit at once, the others in the order they came', async () => {
    const run = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
        if (i === 3) throw new Error('three failed');
        return i;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(job));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    // A failure passes its slot on like a success.
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
