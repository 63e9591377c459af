import { sql, type Kysely, type Transaction } from 'kysely';
import { insightsUnderVisitLimit, type InsightRefusalReason } from '@earshot/core';
import { REFUSED_COUNTERS } from '../../db/migrations/0015_insights_visits.js';
import type { Database } from '../../db/schema.js';
import type { InsightRecord } from './rollup.js';

// The SQL of what keeps insights from being inflated (docs/insights.md "Visit tokens"): the
// guide's languages, each visit's count of events, refused events. Run inside repository.ts
// `record`'s transaction.

const addUp = (table: string, columns: readonly string[]) =>
  Object.fromEntries(
    columns.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
  );

/** Refused events of one guide on one day (core insightRefusalDay), by reason. */
export type Refusals = { guide_token: string; day: string } & Record<InsightRefusalReason, number>;

/** What a published guide accepts: its stops, and the languages its events may name. */
export type GuideShape = { stops: Set<string>; languages: string[] };

/**
 * The languages an event of these guides may name: each guide's list, in its order, then the
 * languages of its stops' texts (a single-language guide has no list).
 */
export async function languagesOf(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const [listed, texts] = await Promise.all([
    db
      .selectFrom('guide_languages')
      .select(['guide_id', 'code as language'])
      .where('guide_id', 'in', ids)
      .orderBy('guide_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('poi_translations')
      .innerJoin('pois', 'pois.id', 'poi_translations.poi_id')
      .select(['pois.guide_id', 'poi_translations.language'])
      .distinct()
      .where('pois.guide_id', 'in', ids)
      .orderBy('poi_translations.language')
      .execute(),
  ]);
  for (const r of [...listed, ...texts]) {
    const list = out.get(r.guide_id) ?? [];
    if (!list.includes(r.language)) list.push(r.language);
    out.set(r.guide_id, list);
  }
  return out;
}

const refusalsOf = (guide_token: string, day: string): Refusals => ({
  guide_token,
  day,
  ...(Object.fromEntries(REFUSED_COUNTERS.map((c) => [c, 0])) as Record<
    InsightRefusalReason,
    number
  >),
});

/** Refused events by guide and day: `count` adds one. */
export function refusalTally(from: readonly Refusals[] = []) {
  const rows = new Map(from.map((r) => [`${r.guide_token}\u0000${r.day}`, { ...r }]));
  return {
    count(guide: string, day: string, reason: InsightRefusalReason) {
      const key = `${guide}\u0000${day}`;
      const r = rows.get(key) ?? refusalsOf(guide, day);
      r[reason]++;
      rows.set(key, r);
    },
    /** The rows in key order (concurrent writers lock them in one order). */
    rows: () => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, r]) => r),
  };
}

/** Adds refused events to their guides' counters of their days. */
export async function addRefused(trx: Transaction<Database>, rows: Refusals[]) {
  const counted = rows.filter((r) => REFUSED_COUNTERS.some((c) => r[c] > 0));
  if (!counted.length) return;
  await trx
    .insertInto('insight_daily_refused')
    .values(counted)
    .onConflict((oc) =>
      oc
        .columns(['guide_token', 'day'])
        .doUpdateSet(addUp('insight_daily_refused', REFUSED_COUNTERS)),
    )
    .execute();
}

const visitKey = (e: { guide_token: string; visit_id: string }) =>
  `${e.guide_token}\u0000${e.visit_id}`;

/**
 * The new events of each visit that fit under its limit. Each visit's row is made or touched
 * first (in key order), which on PostgreSQL locks it to the end of the transaction: two batches
 * of one visit are counted one after the other, never both against the same count. Events
 * already stored are left to the insert (duplicates, not over the limit); answers and other
 * events without a visit have no limit.
 */
export async function withinVisitLimits(
  trx: Transaction<Database>,
  events: InsightRecord[],
  opts: { today: string; visitMax: number },
): Promise<{ kept: InsightRecord[]; over: InsightRecord[] }> {
  const visits = new Map<string, { guide_token: string; visit_id: string }>();
  for (const e of events)
    if (e.visit_id)
      visits.set(visitKey({ guide_token: e.guide_token, visit_id: e.visit_id }), {
        guide_token: e.guide_token,
        visit_id: e.visit_id,
      });
  if (!visits.size) return { kept: events, over: [] };
  const stored = new Map<string, number>();
  for (const [key, v] of [...visits.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const row = await trx
      .insertInto('insight_visits')
      .values({ ...v, events: 0, day: opts.today })
      .onConflict((oc) =>
        oc
          .columns(['guide_token', 'visit_id'])
          .doUpdateSet({ events: sql<number>`${sql.ref('insight_visits.events')}` }),
      )
      .returning('events')
      .executeTakeFirstOrThrow();
    stored.set(key, Number(row.events));
  }
  const known = new Set(
    (
      await trx
        .selectFrom('insight_events')
        .select('id')
        .where(
          'id',
          'in',
          events.map((e) => e.id),
        )
        .execute()
    ).map((r) => r.id),
  );
  const kept: InsightRecord[] = [];
  const over: InsightRecord[] = [];
  const byVisit = new Map<string, InsightRecord[]>();
  for (const e of events) {
    if (!e.visit_id || known.has(e.id)) kept.push(e);
    else {
      const key = visitKey({ guide_token: e.guide_token, visit_id: e.visit_id });
      byVisit.set(key, [...(byVisit.get(key) ?? []), e]);
    }
  }
  for (const [key, list] of byVisit) {
    const split = insightsUnderVisitLimit(list, stored.get(key) ?? 0, opts.visitMax);
    kept.push(...split.kept);
    over.push(...split.over);
  }
  return { kept: kept.sort((a, b) => (a.id < b.id ? -1 : 1)), over };
}

/** Adds the stored events to their visits' counts. */
export async function countInVisits(trx: Transaction<Database>, fresh: InsightRecord[]) {
  const counts = new Map<string, { guide_token: string; visit_id: string; n: number }>();
  for (const e of fresh) {
    if (!e.visit_id) continue;
    const key = visitKey({ guide_token: e.guide_token, visit_id: e.visit_id });
    const c = counts.get(key) ?? { guide_token: e.guide_token, visit_id: e.visit_id, n: 0 };
    c.n++;
    counts.set(key, c);
  }
  for (const [, c] of [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)))
    await trx
      .updateTable('insight_visits')
      .set({ events: sql<number>`${sql.ref('events')} + ${c.n}` })
      .where('guide_token', '=', c.guide_token)
      .where('visit_id', '=', c.visit_id)
      .execute();
}
