// What the machine gives password hashing right now: better-auth's scrypt (N 16384, r 16,
// 32 MiB each) run two at a time, as the server does on two cores, for a few seconds before a
// setup. Beside the sign-ups and sign-ins a run asks for, it tells timeouts that come from a
// busy machine from real failures.
import { scrypt } from 'node:crypto';

const PARAMS = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
const hashOnce = () =>
  new Promise<void>((resolve, reject) =>
    scrypt('correct horse battery staple', 'a salt of sixteen', 64, PARAMS, (e) =>
      e ? reject(e) : resolve(),
    ),
  );

/** Hashes per second over `ms`, `concurrency` at a time. */
export async function scryptRate(ms = 3000, concurrency = 2): Promise<number> {
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - started < ms) {
        await hashOnce();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
