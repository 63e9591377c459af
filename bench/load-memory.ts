// The load section's memory verdict: is a server's resident memory flat once warmed up?
//
// RSS is sampled every second. The run starts when the visitors' clock starts (the returning
// visitors' accounts are made before it, and are no part of the run); the warm-up is the ramp
// and as long again. The trend is the least-squares slope of RSS over the last two thirds of
// the run (never before the warm-up's end), in MiB per minute.
//
// Flat = that slope under FLAT_MIB_PER_MIN. Why 5 MiB/min: what the server holds is bounded
// (the response cache at 64 MiB, sharp's cache at 50 MiB, 10 PostgreSQL connections, V8's
// heap at its working set), so once those are full RSS has no reason to grow at all; a leak
// tied to requests shows at this load (40–70 requests/s) as 2.4–4 MiB/min per KiB leaked per
// request, so 5 MiB/min catches a leak of about 1–2 KiB per request, and growth at that rate
// (300 MiB/h) would fill a 1 GiB node within hours.
//
// Judged only over at least MIN_WINDOW_S: V8 lets its heap fill for 30–60 s under this load
// before a major collection drops it by 50–150 MiB (process.memoryUsage() sampled in the
// server: heap used after each collection stayed at 55–72 MiB in every setup), so a window of
// one such cycle shows a slope of ±50–120 MiB/min either way. Two cycles or more average it
// out: a 60-s run is "too short to tell", BENCH_LOAD_SECONDS=180 judges. Where the cycles still
// sway it (+5–11 MiB/min in some 180–480-s SQLite runs whose RSS after warm-up and at the
// end differed by 2–6 MiB), BENCH_LOAD_GC_SECONDS=30 preloads bench/load-gc-probe.mjs into the
// servers: a full collection every 30 s and the memory after it (gcTrend), where only what the
// server holds is left.

export const FLAT_MIB_PER_MIN = 5;
export const MIN_WINDOW_S = 120;

export type RssTrend = {
  start: number;
  /** When the visitors' clock started. */
  atClock: number;
  afterWarmup: number;
  peak: number;
  end: number;
  /** Least-squares slope over the window, MiB per minute. */
  slope: number;
  /** The window's first sample (seconds after sampling began) and how many samples it has. */
  from: number;
  samples: number;
  /** null: the window is shorter than MIN_WINDOW_S, too short to tell. */
  flat: boolean | null;
};

/** The least-squares slope of `ys` taken at `xs` seconds (one a second when omitted), in units per minute. */
export function slopePerMinute(ys: number[], xs: number[] = ys.map((_, i) => i)): number {
  const n = ys.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, i) => {
    num += (xs[i]! - mx) * (y - my);
    den += (xs[i]! - mx) ** 2;
  });
  return den ? (num / den) * 60 : 0;
}

export function rssTrend(mb: number[], clockSample: number, warmupSeconds: number): RssTrend {
  const last = mb.length - 1;
  const at = (i: number) => mb[Math.max(0, Math.min(last, i))] ?? 0;
  const warm = clockSample + Math.ceil(warmupSeconds);
  const from = Math.min(last, Math.max(warm, clockSample + Math.floor((last - clockSample) / 3)));
  const window = mb.slice(from);
  const slope = slopePerMinute(window);
  return {
    start: at(0),
    atClock: at(clockSample),
    afterWarmup: at(warm),
    peak: Math.max(...mb.slice(clockSample)),
    end: at(last),
    slope,
    from,
    samples: window.length,
    flat: window.length < MIN_WINDOW_S ? null : slope < FLAT_MIB_PER_MIN,
  };
}

/** One sample of bench/load-gc-probe.mjs: ms since the epoch, RSS and V8's heap used (MiB) just after a full collection. */
export type GcSample = { t: number; rss: number; heap: number };

export type GcTrend = {
  samples: number;
  /** Seconds the samples span. */
  span: number;
  first: { rss: number; heap: number };
  last: { rss: number; heap: number };
  rssSlope: number;
  heapSlope: number;
  /** null: fewer than 3 samples or a span under MIN_WINDOW_S. */
  flat: boolean | null;
};

/**
 * What the server holds after a full collection, from `since` (ms since the epoch: the warm-up's
 * end) on: the least-squares slope of RSS and of the heap used, each flat under FLAT_MIB_PER_MIN.
 * Without V8's fill-and-collect cycles in it, this trend is the one a leak moves.
 */
export function gcTrend(all: GcSample[], since: number): GcTrend | null {
  const xs = all.filter((x) => x.t >= since);
  if (!xs.length) return null;
  const secs = xs.map((x) => (x.t - xs[0]!.t) / 1000);
  const span = secs[secs.length - 1]!;
  const rssSlope = slopePerMinute(
    xs.map((x) => x.rss),
    secs,
  );
  const heapSlope = slopePerMinute(
    xs.map((x) => x.heap),
    secs,
  );
  return {
    samples: xs.length,
    span,
    first: { rss: xs[0]!.rss, heap: xs[0]!.heap },
    last: { rss: xs[xs.length - 1]!.rss, heap: xs[xs.length - 1]!.heap },
    rssSlope,
    heapSlope,
    flat:
      xs.length < 3 || span < MIN_WINDOW_S
        ? null
        : rssSlope < FLAT_MIB_PER_MIN && heapSlope < FLAT_MIB_PER_MIN,
  };
}
