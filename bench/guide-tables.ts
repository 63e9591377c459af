// The guide section's printed figures, each beside its same-run baseline.
import type { CarouselRow } from './guide-carousel.js';
import {
  GUIDE_BUDGET_KB,
  GUIDE_ROUTE,
  type GuideJsRow,
  type Part,
  type Timing,
} from './guide-js.js';
import { median, p95 } from './guide-page.js';
import { TAP_TARGET_MS, type PlayRow } from './guide-play.js';

const f1 = (n: number) => n.toFixed(1);
const f0 = (n: number) => n.toFixed(0);
const kb = (bytes: number) => f1(bytes / 1024);
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const table = (head: string[], rows: string[][]) => {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
};
const sum = (r: GuideJsRow, part?: Part) =>
  r.scripts.filter((s) => !part || s.part === part).reduce((n, s) => n + s.transferred, 0);
const span = (t?: Timing) => (t ? `${f0(t.start)} → ${f0(t.end)}` : '—');

export const PART_NAMES: Record<Part, string> = {
  entry: 'entry (every route)',
  route: "route's own",
  map: 'map (Leaflet)',
  later: 'fetched after start',
};

export function guideJs(rows: GuideJsRow[] | string) {
  console.log(
    `\n### Guide route first-load JS (every script until network idle, fresh context; KB = 1,024 B transferred)\n`,
  );
  if (typeof rows === 'string') return void console.log(rows);
  table(
    [
      'route',
      'network',
      'scripts',
      ...Object.values(PART_NAMES).map((p) => `${p} (KB)`),
      'total (KB)',
      'uncompressed (KB)',
    ],
    rows.map((r) => [
      r.route + (r.idle ? '' : ' (no network idle)'),
      r.network,
      String(r.scripts.length),
      ...(Object.keys(PART_NAMES) as Part[]).map((p) => kb(sum(r, p))),
      `**${kb(sum(r))}**`,
      kb(r.scripts.reduce((n, s) => n + s.decoded, 0)),
    ]),
  );
  const guide = rows.find((r) => r.route === GUIDE_ROUTE);
  if (!guide) return;
  console.log(`\nThe guide route's scripts, largest first (unthrottled load):\n`);
  table(
    ['part', 'file', 'transferred (KB)', 'uncompressed (KB)'],
    [...guide.scripts]
      .sort((a, b) => b.transferred - a.transferred)
      .map((s) => [
        PART_NAMES[s.part],
        `\`${s.file.replace(/^assets\//, '')}\`${s.leaflet ? ' (Leaflet)' : ''}`,
        kb(s.transferred),
        kb(s.decoded),
      ]),
  );
  console.log(
    `\nWhen each load ran (Resource Timing, ms after navigation start: request start → response end):\n`,
  );
  const guides = rows.filter((r) => r.route === GUIDE_ROUTE);
  table(
    [
      'network',
      'page',
      'tour-by-token (API)',
      'guide route chunk',
      'guide-map chunk',
      'Leaflet chunk',
      'map chunk started before the route chunk ended and before the API answer ended',
    ],
    guides.map((r) => {
      const t = r.timing;
      const parallel =
        !!t.mapChunk &&
        !!t.routeChunk &&
        !!t.api &&
        t.mapChunk.start < t.routeChunk.end &&
        t.mapChunk.start < t.api.end;
      return [
        r.network,
        span(t.html),
        span(t.api),
        span(t.routeChunk),
        span(t.mapChunk),
        span(t.leafletChunk),
        parallel ? 'yes' : '**no**',
      ];
    }),
  );
  const home = rows.find((r) => r.route === '/');
  console.log(
    `\nGuide budget ≤ ${GUIDE_BUDGET_KB} KB transferred: ${met(sum(guide) / 1024 <= GUIDE_BUDGET_KB)} (${kb(sum(guide))}; home in the same run ${home ? kb(sum(home)) : '?'})`,
  );
}

export function tapToPlay(rows: PlayRow[] | string) {
  console.log(
    `\n### Tap to play (cached audio; ms from the tap's pointerdown, and from its click, to the audio element's 'playing')\n`,
  );
  if (typeof rows === 'string') return void console.log(rows);
  table(
    [
      'page',
      'taps (13 stops × 2 rounds)',
      'pointerdown → playing median / p95',
      'click → playing median / p95',
      'slowest',
      "page's first sound (not counted)",
      'audio requests / from cache',
      `target p95 ≤ ${TAP_TARGET_MS} ms`,
    ],
    rows.map((r) => {
      const down = r.taps.map((t) => t.downToPlaying);
      const click = r.taps.map((t) => t.clickToPlaying);
      return [
        r.page,
        String(r.taps.length),
        `${f0(median(down))} / ${f0(p95(down))}`,
        `${f0(median(click))} / ${f0(p95(click))}`,
        f0(Math.max(...down)),
        r.firstSounds.map(f0).join(', '),
        `${r.mediaRequests} / ${r.fromCache}`,
        met(p95(down) <= TAP_TARGET_MS),
      ];
    }),
  );
  if (process.env.BENCH_VERBOSE)
    for (const r of rows)
      console.log(
        `\n${r.page}: ${r.taps.map((t) => `${t.stop} ${f0(t.downToPlaying)}`).join(', ')}`,
      );
}

export function carousel(rows: CarouselRow[] | string) {
  console.log(
    `\n### Carousel scrolled from the first stop to the last (long tasks over 50 ms; rAF frame times)\n`,
  );
  if (typeof rows === 'string') return void console.log(rows);
  table(
    [
      'guide',
      'stops',
      'scrolled with',
      'inputs',
      'reached the last stop',
      'seconds',
      'long tasks (longest ms)',
      'frames',
      'frame p95 / max (ms)',
      'target: no long task',
    ],
    rows.map((r) => [
      r.guide,
      String(r.stops),
      r.method,
      String(r.inputs),
      r.reachedEnd ? 'yes' : '**no**',
      f1(r.seconds),
      `${r.longTasks}${r.longTasks ? ` (${f0(r.longestTaskMs)})` : ''}`,
      String(r.frames),
      `${f1(r.frameP95)} / ${f1(r.frameMax)}`,
      met(r.longTasks === 0),
    ]),
  );
}
