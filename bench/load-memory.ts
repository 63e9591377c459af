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
// out: a 60-s run is "too short to tell", BENCH_LOAD_SECONDS=180 judges.

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

/** The least-squares slope of `ys` taken one a second, in units per minute. */
export function slopePerMinute(ys: number[]): number {
  const n = ys.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return (num / den) * 60;
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
