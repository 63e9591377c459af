// Insights (docs/insights.md): the studio's dashboard call on PostgreSQL with 10 million events.
// The events are generated in bulk SQL over the demo guides (their real stops and languages),
// rolled up by the server's own bulk path (apps/server/src/modules/insights/bulk-repository.ts,
// whose rows equal the incremental ones: apps/server/test/insights-bulk.test.ts), then
// `GET /api/v1/studio/guides/{token}/insights` is timed over HTTP against the real server.
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { adminCommand } from '../apps/server/src/modules/studio/access/admin-command.js';
import { rebuildRollups } from '../apps/server/src/modules/insights/bulk-repository.js';
import { FLAGSHIP } from './guide-page.js';
import { freshPostgres, startServer } from './server.js';

export const INSIGHTS_EVENTS = Number(process.env.BENCH_INSIGHTS_EVENTS || 10_000_000);
export const INSIGHTS_TARGET_MS = 300;
const RANGES = [7, 30, 90, 365];
const CALLS = 30;
const WARMUP = 3;
const CHUNK_VISITS = 50_000;

export type InsightsRow = {
  label: string;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  bytes: number;
  visits: number;
};
export type InsightsResult = {
  events: number;
  visits: number;
  guides: number;
  rollupRows: number;
  generateS: number;
  rollupS: number;
  rows: InsightsRow[];
  ingest: { medianMs: number; p95Ms: number; batches: number };
};

const nearestRank = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const day = (d: Date) => d.toISOString().slice(0, 10);
const daysBack = (n: number) => day(new Date(Date.now() - n * 86_400_000));

/**
 * One chunk of visits with their events, in one statement. A visit: a guide (the flagship
 * about a third of them, the rest skewed towards a few), one of its languages, a local day in
 * the last 400 and an hour of the day's usual shape, 1–15 stops along the route (short visits
 * more common), each selected (tap, keypad, location, link), its audio started 3 times in 4
 * (tap, autoplay, location) and heard to a share, reached by location 3 times in 10; a
 * preload in 15% of visits, a share in 4%.
 */
const CHUNK_SQL = (visits: number) => sql`
with v as materialized (
  select gen_random_uuid()::text as visit_id,
    case when random() < 0.33 then 0
         else 1 + floor((select count(*) - 1 from bench_guides) * power(random(), 2))::int end as gi,
    random() as rl,
    to_char(current_date - floor(random() * 400)::int, 'YYYY-MM-DD') as day,
    (array[8,9,10,10,11,11,12,12,13,13,13,14,14,14,15,15,15,16,16,17,17,18,19,21])
      [1 + floor(random() * 24)::int] as hour,
    1 + floor(15 * power(random(), 1.6))::int as nstops,
    random() as r_pre, random() as r_share
  from generate_series(1, ${visits})
), vg as materialized (
  select v.*, g.token as guide_token, g.pois,
    g.langs[1 + floor(v.rl * array_length(g.langs, 1))::int] as language
  from v join bench_guides g on g.idx = v.gi
), s as materialized (
  select vg.visit_id, vg.guide_token, vg.language, vg.day, vg.hour, vg.pois[k] as poi,
    random() as r_trig, random() as r_audio, random() as r_atrig, random() as r_heard,
    random() as r_reach
  from vg cross join lateral generate_series(1, least(vg.nstops, array_length(vg.pois, 1))) k
)
insert into insight_events
  (id, visit_id, guide_token, poi_token, language, kind, "trigger", heard, day, hour)
select gen_random_uuid()::text, visit_id, guide_token, null, language, 'guide-open', null,
  null::int, day, hour from vg
union all
select gen_random_uuid()::text, visit_id, guide_token, null, language, 'preload', null, null,
  day, hour from vg where r_pre < 0.15
union all
select gen_random_uuid()::text, visit_id, guide_token, null, language, 'share', null, null,
  day, hour from vg where r_share < 0.04
union all
select gen_random_uuid()::text, visit_id, guide_token, poi, language, 'stop-select',
  case when r_trig < 0.5 then 'tap' when r_trig < 0.65 then 'keypad'
       when r_trig < 0.9 then 'location' else 'link' end, null, day, hour from s
union all
select gen_random_uuid()::text, visit_id, guide_token, poi, language, 'audio-start',
  case when r_atrig < 0.5 then 'tap' when r_atrig < 0.8 then 'autoplay' else 'location' end,
  null, day, hour from s where r_audio < 0.75
union all
select gen_random_uuid()::text, visit_id, guide_token, poi, language, 'audio-heard', null,
  least(100, floor(r_heard * 130))::int, day, hour from s where r_audio < 0.75
union all
select gen_random_uuid()::text, visit_id, guide_token, poi, language, 'stop-reach', 'location',
  null, day, hour from s where r_reach < 0.3`;

export async function signUpAdmin(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    // better-auth wants the app's own origin (PUBLIC_URL, by default localhost:PORT).
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({ email, password: 'bench insights password', name: 'Bench Admin' }),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return token;
}

async function timeCalls(url: string, headers: Record<string, string>, init?: RequestInit) {
  const times: number[] = [];
  let bytes = 0;
  let body = '';
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { ...init, headers: { ...headers, ...init?.headers } });
    body = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
    bytes = Buffer.byteLength(body);
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: nearestRank(times, 50),
    p95Ms: nearestRank(times, 95),
    maxMs: times[times.length - 1]!,
    bytes,
    body,
  };
}

export async function insightsBench(
  tempDir: (name: string) => string,
  step: (what: string) => void,
): Promise<InsightsResult | string> {
  const pg = await freshPostgres('insights');
  if ('skipped' in pg) return `insights skipped: no PostgreSQL (${pg.skipped})`;
  const email = `bench-admin-${process.pid}@example.test`;
  try {
    const server = await startServer({
      dataDir: tempDir('insights'),
      demo: true,
      databaseUrl: pg.url,
    });
    // Bulk work wants room to sort and hash in memory.
    const bulkUrl = new URL(pg.url);
    bulkUrl.searchParams.set('options', '-c work_mem=256MB -c maintenance_work_mem=512MB');
    const { db } = openDatabase({ databaseUrl: bulkUrl.toString(), dataDir: tempDir('unused') });
    try {
      const token = await signUpAdmin(server.url, email);
      // The operator's way (`npm run admin -- grant`): ADMIN_EMAILS wants a verified address.
      const quiet = { log: () => {}, error: (line: string) => step(line) };
      if ((await adminCommand(db, { action: 'grant', email }, quiet)) !== 0)
        throw new Error(`could not make ${email} an admin`);
      const auth = { authorization: `Bearer ${token}` };

      step(`insights: generating ${INSIGHTS_EVENTS.toLocaleString('en')} events`);
      const t0 = Date.now();
      await sql`create unlogged table bench_guides as
        select (row_number() over (order by g.token <> ${FLAGSHIP}, g.token) - 1)::int as idx,
          g.token,
          array(select p.token from pois p where p.guide_id = g.id order by p.position, p.id) as pois,
          coalesce(array(select l.code from guide_languages l where l.guide_id = g.id
                         order by l.position), '{}') as langs
        from guides g where g.status = 'data'
          and exists (select 1 from pois p where p.guide_id = g.id)`.execute(db);
      await sql`update bench_guides set langs = array['en'] where cardinality(langs) = 0`.execute(
        db,
      );
      const guides = Number(
        (await sql<{ n: number }>`select count(*)::int as n from bench_guides`.execute(db)).rows[0]!
          .n,
      );
      let events = 0;
      let chunks = 0;
      while (events < INSIGHTS_EVENTS) {
        // The last chunk sized by the events per visit so far, to land near the target.
        const perVisit = chunks ? events / (chunks * CHUNK_VISITS) : 0;
        const left = Math.ceil((INSIGHTS_EVENTS - events) / (perVisit || 1));
        const r = await CHUNK_SQL(perVisit ? Math.min(CHUNK_VISITS, left) : CHUNK_VISITS).execute(
          db,
        );
        events += Number(r.numAffectedRows ?? 0);
        chunks++;
        step(`insights: ${events.toLocaleString('en')} events`);
      }
      const generateS = (Date.now() - t0) / 1000;
      const visits = Number(
        (
          await sql<{
            n: number;
          }>`select count(distinct visit_id)::int as n from insight_events`.execute(db)
        ).rows[0]!.n,
      );
      step('insights: rolling up');
      const t1 = Date.now();
      await rebuildRollups(db);
      await sql`analyze`.execute(db);
      const rollupS = (Date.now() - t1) / 1000;
      const rollupRows = Number(
        (
          await sql<{ n: number }>`select
            (select count(*) from insight_daily) + (select count(*) from insight_daily_stops)
            + (select count(*) from insight_daily_challenges) as n`.execute(db)
        ).rows[0]!.n,
      );

      step('insights: timing the dashboard call');
      const today = day(new Date());
      const rows: InsightsRow[] = [];
      const base = `${server.url}/api/v1/studio/guides/${FLAGSHIP}/insights`;
      for (const days of RANGES) {
        const q = `from=${daysBack(days - 1)}&to=${today}`;
        const t = await timeCalls(`${base}?${q}`, auth);
        const visits = (JSON.parse(t.body) as { current: { totals: { visits: number } } }).current
          .totals.visits;
        rows.push({ label: `${days} days`, ...t, visits });
      }
      const es = await timeCalls(`${base}?from=${daysBack(89)}&to=${today}&language=es`, auth);
      rows.push({
        label: '90 days, language es',
        ...es,
        visits: (JSON.parse(es.body) as { current: { totals: { visits: number } } }).current.totals
          .visits,
      });

      // The incremental path on the full tables: batches of 50 events through the real call.
      step('insights: timing POST insights/events/ batches');
      const ingestTimes: number[] = [];
      const stops = (
        await sql<{
          poi: string;
        }>`select unnest(pois) as poi from bench_guides where idx = 0`.execute(db)
      ).rows.map((r) => r.poi);
      for (let b = 0; b < 20; b++) {
        // Each visit's token first, as the app asks it (not timed: the batch is).
        const asked = await fetch(`${server.url}/api/v1/insights/visits/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ guide_token: FLAGSHIP }),
        });
        if (!asked.ok) throw new Error(`POST insights/visits/ answered ${asked.status}`);
        const { visit_id: visit, token } = (await asked.json()) as {
          visit_id: string;
          token: string;
        };
        const batch = Array.from({ length: 50 }, (_, i) => ({
          id: crypto.randomUUID(),
          visit_id: visit,
          visit_token: token,
          guide_token: FLAGSHIP,
          kind: 'stop-select',
          poi_token: stops[i % stops.length],
          trigger: 'tap',
          language: 'en',
          day: today,
          hour: 12,
        }));
        const t = performance.now();
        const res = await fetch(`${server.url}/api/v1/insights/events/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ events: batch }),
        });
        const answer = (await res.json()) as { accepted?: number };
        if (!res.ok) throw new Error(`POST insights/events/ answered ${res.status}`);
        if (answer.accepted !== 50)
          throw new Error(`POST insights/events/ accepted ${JSON.stringify(answer)} of 50`);
        ingestTimes.push(performance.now() - t);
      }
      ingestTimes.sort((a, b) => a - b);
      return {
        events,
        visits,
        guides,
        rollupRows,
        generateS,
        rollupS,
        rows,
        ingest: {
          medianMs: nearestRank(ingestTimes, 50),
          p95Ms: nearestRank(ingestTimes, 95),
          batches: ingestTimes.length,
        },
      };
    } finally {
      await db.destroy();
      await server.stop();
    }
  } finally {
    await pg.drop();
  }
}

export function insightsTable(r: InsightsResult | string | undefined) {
  console.log(
    `\n### Insights dashboard on PostgreSQL (GET studio/guides/${FLAGSHIP}/insights over HTTP, ${CALLS} calls after ${WARMUP} warm-ups; target ≤ ${INSIGHTS_TARGET_MS} ms)\n`,
  );
  if (r === undefined) return;
  if (typeof r === 'string') {
    console.log(r);
    return;
  }
  console.log(
    `${r.events.toLocaleString('en')} events of ${r.visits.toLocaleString('en')} visits over ${r.guides} guides and 400 days, generated in ${r.generateS.toFixed(0)} s; ${r.rollupRows.toLocaleString('en')} roll-up rows made in bulk in ${r.rollupS.toFixed(0)} s.\n`,
  );
  console.log(
    '| range | visits in range | answer bytes | median (ms) | p95 (ms) | max (ms) | target |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of r.rows)
    console.log(
      `| ${row.label} | ${row.visits.toLocaleString('en')} | ${row.bytes.toLocaleString('en')} | ${row.medianMs.toFixed(1)} | ${row.p95Ms.toFixed(1)} | ${row.maxMs.toFixed(1)} | ${row.p95Ms <= INSIGHTS_TARGET_MS ? 'met' : 'not met'} |`,
    );
  console.log(
    `\nPOST insights/events/ (50 events, incremental roll-ups, on the full tables): median ${r.ingest.medianMs.toFixed(1)} ms, p95 ${r.ingest.p95Ms.toFixed(1)} ms over ${r.ingest.batches} batches.`,
  );
}
