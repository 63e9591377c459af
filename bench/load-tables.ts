// The load section's printed figures: latency per call beside each setup, the database counts
// against what the visitors sent, and the servers' memory.
import type { LoadCheck } from './load-check.js';
import { FLAT_MIB_PER_MIN, MIN_WINDOW_S, gcTrend, rssTrend } from './load-memory.js';
import {
  LOAD_GC_SECONDS,
  LOAD_SECONDS,
  LOAD_THINK_MS,
  LOAD_VISITORS,
  type LoadRow,
} from './load-run.js';

const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);
const signed = (n: number) => `${n >= 0 ? '+' : ''}${f1(n)}`;
/** A trend's verdict in a memory table's last column. */
const verdictWord = (flat: boolean | null) =>
  flat === null ? 'too short to tell' : flat ? 'flat' : 'grows';
const table = (head: string[], rows: string[][]) => {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
};

const CHECKS: [keyof LoadCheck, string][] = [
  ['accounts', 'accounts (sign-ups)'],
  ['answers', 'challenge answers'],
  ['visits', 'first visits of a POI'],
  ['awards', 'awards (user × badge)'],
  ['awardPoints', 'badge points'],
  ['plays', 'plays (track_poi)'],
  ['insightEvents', 'insights events'],
];

export const clean = (r: LoadRow) =>
  r.result.errors === 0 && Object.values(r.check).every((t) => t.lost === 0 && t.duplicated === 0);

export function loadTables(rows: (LoadRow | string)[]) {
  console.log(
    `\n### Load (${LOAD_VISITORS} visitors, ${LOAD_SECONDS} s, each a journey through the API from its own address; pauses of ${LOAD_THINK_MS} ms on average between calls)\n`,
  );
  const done = rows.filter((r): r is LoadRow => typeof r !== 'string');
  for (const r of rows) if (typeof r === 'string') console.log(`${r}\n`);
  if (!done.length) return;

  table(
    ['setup', 'journeys', 'requests', 'req/s', 'errors', 'expected refusals', 'nodes answering'],
    done.map((r) => [
      r.setup,
      String(r.result.journeys),
      String(r.result.requests),
      f0(r.result.requests / r.result.seconds),
      String(r.result.errors),
      Object.entries(r.result.expected)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ') || '—',
      Object.entries(r.result.nodes)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ') || 'one',
    ]),
  );
  console.log('\n#### Password hashing: what the machine gave, what the run asked\n');
  table(
    [
      'setup',
      'scrypt hashes/s (2 at a time, just before)',
      'sign-ups + sign-ins answered',
      'per second',
    ],
    done.map((r) => {
      const n = r.result.calls
        .filter((c) => c.name.startsWith('POST sign-'))
        .filter((c) => c.name !== 'POST sign-out')
        .reduce((a, c) => a + c.count, 0);
      return [r.setup, f1(r.hashRate), String(n), f1(n / r.result.seconds)];
    }),
  );
  const kinds = [...new Set(done.flatMap((r) => Object.keys(r.result.errorKinds ?? {})))].sort();
  if (kinds.length) {
    console.log('\n#### Errors by call and kind\n');
    table(
      ['call · kind', ...done.map((r) => r.setup)],
      kinds.map((k) => [k, ...done.map((r) => String(r.result.errorKinds?.[k] ?? 0))]),
    );
  }
  for (const r of done)
    for (const e of r.result.errorSamples) console.log(`\n${r.setup} error: ${e}`);

  console.log('\n#### Latency per call, p50 / p99 (ms), and how many answered\n');
  const names = [...new Set(done.flatMap((r) => r.result.calls.map((c) => c.name)))].sort();
  table(
    ['call', ...done.map((r) => r.setup)],
    names.map((n) => [
      n,
      ...done.map((r) => {
        const c = r.result.calls.find((x) => x.name === n);
        return c ? `${f1(c.p50Ms)} / ${f1(c.p99Ms)} (${c.count})` : '—';
      }),
    ]),
  );
  if (done.some((r) => !r.search))
    console.log(
      '\nNo `GET tours/search` in this build for: ' +
        done
          .filter((r) => !r.search)
          .map((r) => r.setup)
          .join(', ') +
        ' (search runs in the client on `GET tours`).',
    );

  console.log(
    '\n#### Counted in the database afterwards: expected / found (lost, duplicated; + writes that got no answer, which may or may not be there)\n',
  );
  table(
    ['what', ...done.map((r) => r.setup)],
    CHECKS.map(([key, label]) => [
      label,
      ...done.map((r) => {
        const t = r.check[key];
        return `${t.expected} / ${t.found} (${t.lost}, ${t.duplicated})${t.inDoubt ? ` + ${t.inDoubt} unanswered` : ''}`;
      }),
    ]),
  );

  console.log(
    "\n#### Server memory (RSS, MiB, sampled every second from the server's start; the run starts at the visitors' clock)\n",
  );
  const trends = done.flatMap((r) =>
    r.rss.map((s) => ({ r, s, t: rssTrend(s.mb, r.clockSample, r.warmupSeconds) })),
  );
  table(
    [
      'setup',
      'node',
      'samples',
      'start',
      'run starts',
      'after warm-up',
      'peak',
      'end',
      'slope over the last ⅔ (MiB/min)',
      'verdict',
    ],
    trends.map(({ r, s, t }) => [
      r.setup,
      s.label,
      String(s.mb.length),
      f0(t.start),
      f0(t.atClock),
      f0(t.afterWarmup),
      f0(t.peak),
      f0(t.end),
      `${signed(t.slope)} (${t.samples} s from ${t.from} s)`,
      verdictWord(t.flat),
    ]),
  );
  console.log(
    `\nFlat = the least-squares slope of RSS over the run's last two thirds (after the warm-up: the ramp and as long again) under ${FLAT_MIB_PER_MIN} MiB/min, judged over at least ${MIN_WINDOW_S} s (V8's heap fills and drops in 30–60-s cycles at this load: bench/load-memory.ts says why).`,
  );
  const judged = trends.filter((x) => x.t.flat !== null);
  const verdict =
    judged.length < trends.length
      ? `not judged (runs too short: BENCH_LOAD_SECONDS=180 judges)${judged.some((x) => !x.t.flat) ? ', and growing where judged' : ''}`
      : judged.every((x) => x.t.flat)
        ? 'met'
        : 'not met';
  console.log(`Memory flat after warm-up: ${verdict}`);
  if (LOAD_GC_SECONDS) afterGcTable(done);
  console.log(
    `\nZero errors, nothing lost or duplicated: ${done.every(clean) ? 'met' : 'not met'} (${done.map((r) => `${r.setup}: ${clean(r) ? 'met' : 'not met'}`).join(', ')})`,
  );
}

/** BENCH_LOAD_GC_SECONDS: each server's memory just after its forced full collections, from the warm-up's end. */
function afterGcTable(done: LoadRow[]) {
  console.log(
    `\n#### Server memory after a full collection (every ${LOAD_GC_SECONDS} s, from the warm-up's end; MiB)\n`,
  );
  const trends = done.flatMap((r) =>
    r.afterGc.map((g) => ({
      r,
      g,
      t: gcTrend(g.samples, r.clockAt + r.warmupSeconds * 1000),
    })),
  );
  table(
    [
      'setup',
      'node',
      'samples',
      'RSS first / last',
      'heap used first / last',
      'slope RSS / heap (MiB/min)',
      'verdict',
    ],
    trends.map(({ r, g, t }) =>
      t
        ? [
            r.setup,
            g.label,
            `${t.samples} over ${f0(t.span)} s`,
            `${f0(t.first.rss)} / ${f0(t.last.rss)}`,
            `${f1(t.first.heap)} / ${f1(t.last.heap)}`,
            `${signed(t.rssSlope)} / ${signed(t.heapSlope)}`,
            verdictWord(t.flat),
          ]
        : [r.setup, g.label, '0', '', '', '', 'no samples (the probe did not run)'],
    ),
  );
  const judged = trends.map((x) => x.t?.flat ?? null);
  console.log(
    `Memory flat after a full collection: ${judged.every((f) => f === true) ? 'met' : judged.some((f) => f === false) ? 'not met' : 'not judged (too short)'}`,
  );
}
