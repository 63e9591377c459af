// The load client: autocannon in a process of its own, so it shares an event loop with neither
// server. Reads its job as JSON from argv[2], warms up, measures, prints one JSON line.
import autocannon from 'autocannon';

export type LoadJob = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
};

const job = JSON.parse(process.argv[2]!) as LoadJob;
const run = (seconds: number) =>
  autocannon({
    url: job.url,
    headers: job.headers,
    connections: job.connections,
    duration: seconds,
  });

// The server's JIT and caches warm up first; only the second run counts.
if (job.warmupSeconds > 0) await run(job.warmupSeconds);
const r = await run(job.seconds);
const out: LoadResult = {
  requestsPerSecond: r.requests.average,
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
};
console.log(JSON.stringify(out));
