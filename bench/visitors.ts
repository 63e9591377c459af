// The load section's client, in a process of its own (it shares an event loop with no server):
// N simulated visitors (visitor-journey.ts), each from its own address, started over a ramp,
// journeying until the time is up. Reads its job as JSON from argv[2]; prints one JSON line.
import { readFileSync } from 'node:fs';
import { CLOCK_STARTED, newStats, percentile, Client } from './visitor-http.js';
import { Visitor, type VisitorLedger } from './visitor-journey.js';

export type VisitorsJob = {
  url: string;
  /** The Origin a browser sends with its writes (better-auth checks it). */
  origin: string;
  visitors: number;
  seconds: number;
  /** Visitors start evenly over this many seconds (they do not all arrive at once). */
  rampSeconds: number;
  thinkMs: number;
  search: boolean;
  /** The share of visitors who have an account already (they sign in; the others register). */
  returning: number;
  /** A JPEG sent as the photo challenge's answer. */
  photo: string;
  /** Unique to this run: e-mail addresses and X-Forwarded-For addresses are made from it. */
  run: number;
};

export type CallRow = { name: string; count: number; p50Ms: number; p99Ms: number; maxMs: number };

export type VisitorsResult = {
  calls: CallRow[];
  requests: number;
  journeys: number;
  errors: number;
  /** Errors by call and kind (visitor-http.ts). */
  errorKinds: Record<string, number>;
  errorSamples: string[];
  expected: Record<string, number>;
  nodes: Record<string, number>;
  sent: Record<string, number>;
  ledgers: VisitorLedger[];
  seconds: number;
};

const job = JSON.parse(process.argv[2]!) as VisitorsJob;
const stats = newStats();
const photoDataUrl = `data:image/jpeg;base64,${readFileSync(job.photo).toString('base64')}`;

/** A distinct private address per visitor (10.r.x.y): the run's own second octet. */
const address = (i: number) => `10.${job.run % 256}.${(i >> 8) & 255}.${i & 255}`;

/** Set when the clock starts (after the returning visitors' accounts are made). */
const options = { thinkMs: job.thinkMs, search: job.search, photoDataUrl, until: 0 };
const visitors = Array.from(
  { length: job.visitors },
  (_, i) =>
    new Visitor(
      new Client(job.url, job.origin, address(i + 1), stats),
      options,
      `${job.run}-${i + 1}`,
    ),
);
// Returning visitors' accounts, four at a time, before the clock starts: not timed, not counted.
// Spread over the ramp: visitor i returns when the share crosses a whole number at i.
const returning = visitors.filter(
  (_, i) => Math.floor((i + 1) * job.returning) > Math.floor(i * job.returning),
);
for (let i = 0; i < returning.length; i += 4)
  await Promise.all(returning.slice(i, i + 4).map((v) => v.registerBeforehand()));
stats.samples.clear();
stats.requests = 0;
// The bench reads the servers' memory from here on (load-run.ts): the sign-ups before are no run.
console.log(CLOCK_STARTED);
const started = performance.now();
options.until = started + job.seconds * 1000;
await Promise.all(
  visitors.map(async (v, i) => {
    await new Promise((r) => setTimeout(r, (i / job.visitors) * job.rampSeconds * 1000));
    await v.run();
  }),
);

const calls: CallRow[] = [...stats.samples.entries()]
  .map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      name,
      count: sorted.length,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
const out: VisitorsResult = {
  calls,
  requests: stats.requests,
  journeys: visitors.reduce((n, v) => n + v.journeys, 0),
  errors: stats.errors,
  errorKinds: Object.fromEntries(stats.errorKinds),
  errorSamples: stats.errorSamples,
  expected: Object.fromEntries(stats.expected),
  nodes: Object.fromEntries(stats.nodes),
  sent: Object.fromEntries(stats.sent),
  ledgers: visitors.map((v) => v.ledger),
  seconds: (performance.now() - started) / 1000,
};
console.log(JSON.stringify(out));
