// Preloaded into the load section's servers with BENCH_LOAD_GC_SECONDS (never in production):
// every that many seconds a full collection, then the process's memory written as one JSON line
// to BENCH_GC_PROBE_DIR/<pid>.jsonl. What stays after a full collection is what the server
// holds; a leak raises it, V8's fill-and-collect cycles do not (bench/load-memory.ts).
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.BENCH_GC_PROBE_DIR;
const seconds = Number(process.env.BENCH_GC_PROBE_SECONDS);
const collect = globalThis.gc;

if (isMainThread && dir && seconds > 0 && typeof collect === 'function') {
  const file = path.join(dir, `${process.pid}.jsonl`);
  const mib = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  setInterval(() => {
    collect();
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ t: Date.now(), rss: mib(m.rss), heap: mib(m.heapUsed) })}\n`,
    );
  }, seconds * 1000).unref();
}
