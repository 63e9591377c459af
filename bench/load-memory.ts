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
// (300 MiB/h) would fill a 1 GiB node within hours. Below it, what a 40-s window sees is V8
// and malloc taking a step, which a 60-s run cannot tell from a trend: a longer run
// (BENCH_LOAD_SECONDS=180) can.

export const FLAT_MIB_PER_MIN = 5;

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
  flat: boolean;
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
  const warm = clockSample + warmupSeconds;
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
    flat: slope < FLAT_MIB_PER_MIN,
  };
}
