import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

// better-auth's own scrypt (node:crypto, N 16384, r 16: ~32 MiB and tens of milliseconds of a
// libuv thread per hash) in its own `salt:key` format, so every existing account still signs
// in. Two things around it, found by the load run
// (bench/results/2026-11-25-load-200-visitors-three-setups.md):
//
// - **No hash inside a transaction.** better-auth's sign-up hashes inside its database
//   transaction; on SQLite's one connection every other query then waits for the hash, and a
//   batch of sign-ups serialises the whole server behind them. The bridge (plugins/auth.ts)
//   hashes a sign-up's password before handing the request to better-auth (`prehashed`), and
//   `hash` returns that hash when better-auth asks for the same password inside.
// - **Hashing does not take the whole thread pool.** libuv's pool (UV_THREADPOOL_SIZE, 4 by
//   default) also reads media files, compresses answers and runs sharp; with every thread
//   hashing, an audio range waits behind a queue of hashes. At most half the pool, and no
//   more than the CPUs, hash at once (more would only share the same cores); the rest wait
//   here, in the event loop's queue, costing nothing. A node under heavy load runs Node with
//   a larger pool (UV_THREADPOOL_SIZE=16, README), so files and compression never queue
//   behind hashes and images.

/** libuv's pool size as Node read it at start: UV_THREADPOOL_SIZE (1–1024), else 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 1024) : 4;
}

/** How many hashes may run at once: half the pool and at most the CPUs, at least one. */
export const hashLimit = (poolSize: number, cpus = availableParallelism()) =>
  Math.max(1, Math.min(cpus, Math.floor(poolSize / 2)));

/** Runs at most `limit` of the functions given at once, the others in the order they came. */
export function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(f: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((r) => waiting.push(r));
    else running++;
    try {
      return await f();
    } finally {
      // The slot passes straight to the next in line (running stays counted).
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const gate = limiter(hashLimit(threadPoolSize()));
const ready = new AsyncLocalStorage<{ password: string; hash: string }>();

/** better-auth's `emailAndPassword.password` with the two changes above. */
export const passwordHashing = {
  hash: (password: string): Promise<string> => {
    const made = ready.getStore();
    if (made && made.password === password) return Promise.resolve(made.hash);
    return gate(() => hashPassword(password));
  },
  verify: (data: { hash: string; password: string }): Promise<boolean> =>
    gate(() => verifyPassword(data)),
};

/** Hashes `password` now (outside any transaction), then runs `call`, where `hash` returns it. */
export async function prehashed<T>(password: string, call: () => Promise<T>): Promise<T> {
  const hash = await gate(() => hashPassword(password));
  return ready.run({ password, hash }, call);
}
