import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  addRefused,
  countInVisits,
  languagesOf,
  refusalTally,
  withinVisitLimits,
  type GuideShape,
  type Refusals,
} from './visit-repository.js';

export { refusalTally, type GuideShape, type Refusals };
import {
  factKey,
  factsOf,
  rollupDeltas,
  type Deltas,
  type Fact,
  type InsightRecord,
} from './rollup.js';

/** The guide status visitors see (previews are `preview`; drafts have no `guides` row). */
const PUBLISHED = 'data';

const addUp = (table: string, columns: readonly string[]) =>
  Object.fromEntries(
    columns.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
  );

/** Writes a batch's deltas into the roll-ups: insert, or add to the row that is there. */
async function applyDeltas(trx: Transaction<Database>, d: Deltas) {
  if (d.daily.length) {
    const cols = Object.keys(d.daily[0]!).filter(
      (c) => !['guide_token', 'language', 'day', 'hour'].includes(c),
    );
    await trx
      .insertInto('insight_daily')
      .values(d.daily)
      .onConflict((oc) =>
        oc
          .columns(['guide_token', 'language', 'day', 'hour'])
          .doUpdateSet(addUp('insight_daily', cols)),
      )
      .execute();
  }
  if (d.stops.length) {
    const cols = Object.keys(d.stops[0]!).filter(
      (c) => !['guide_token', 'language', 'day', 'poi_token'].includes(c),
    );
    await trx
      .insertInto('insight_daily_stops')
      .values(d.stops)
      .onConflict((oc) =>
        oc
          .columns(['guide_token', 'language', 'day', 'poi_token'])
          .doUpdateSet(addUp('insight_daily_stops', cols)),
      )
      .execute();
  }
  if (d.challenges.length) {
    await trx
      .insertInto('insight_daily_challenges')
      .values(d.challenges)
      .onConflict((oc) =>
        oc
          .columns(['guide_token', 'language', 'day', 'challenge_id'])
          .doUpdateSet(addUp('insight_daily_challenges', ['answers', 'correct'])),
      )
      .execute();
  }
}

/** SQL of insights: storing events with their roll-ups, and reading the roll-ups. */
export function insightsRepository(db: Kysely<Database>) {
  return {
    /** Published guides among `tokens`, each with its stops' tokens and its languages. */
    async publishedGuides(tokens: string[]): Promise<Map<string, GuideShape>> {
      const out = new Map<string, GuideShape>();
      if (!tokens.length) return out;
      const rows = await db
        .selectFrom('guides')
        .leftJoin('pois', 'pois.guide_id', 'guides.id')
        .select(['guides.id', 'guides.token as guide', 'pois.token as poi'])
        .where('guides.token', 'in', tokens)
        .where('guides.status', '=', PUBLISHED)
        .execute();
      const languages = await languagesOf(db, [...new Set(rows.map((r) => r.id))]);
      for (const g of rows) {
        const shape = out.get(g.guide) ?? { stops: new Set<string>(), languages: [] };
        shape.languages = languages.get(g.id) ?? [];
        if (g.poi) shape.stops.add(g.poi);
        out.set(g.guide, shape);
      }
      return out;
    },

    /** Whether `token` is a published guide (what a visit token may be issued for). */
    async isPublished(token: string): Promise<boolean> {
      const row = await db
        .selectFrom('guides')
        .select('id')
        .where('token', '=', token)
        .where('status', '=', PUBLISHED)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A challenge's published guide and stop (undefined when its guide is not published). */
    async challengeContext(challengeId: number) {
      return db
        .selectFrom('challenges')
        .innerJoin('scavenger_hunts', 'scavenger_hunts.id', 'challenges.scavenger_hunt_id')
        .innerJoin('guides', 'guides.id', 'scavenger_hunts.guide_id')
        .leftJoin('pois', 'pois.id', 'challenges.poi_id')
        .select(['guides.id as guide_id', 'guides.token as guide_token', 'pois.token as poi_token'])
        .where('challenges.id', '=', challengeId)
        .where('guides.status', '=', PUBLISHED)
        .executeTakeFirst();
    },

    /** The languages a published guide's events may name (its list, else its stops'). */
    async guideLanguages(guideId: number): Promise<string[]> {
      return (await languagesOf(db, [guideId])).get(guideId) ?? [];
    },

    /**
     * Stores the events whose id is new and adds them to the roll-ups, in one transaction:
     * the event's id makes a resent event count once, the facts table makes a visit count
     * once per stop and language, and a visit's row (`insight_visits`, read and added to under
     * its lock) keeps it within `visitMax` events: the earliest new ones are kept, the rest
     * refused as `over_limit`. `refused` (and those, on their own days) are added to the
     * guides' refused counters. Answers how many events were new and stored, and how many over
     * the limit. `today` is the server's UTC day (a visit's row is dated by it).
     */
    async record(
      events: InsightRecord[],
      opts: { today: string; visitMax: number; refused?: Refusals[] },
    ): Promise<{ accepted: number; overLimit: number }> {
      const unique = [...new Map(events.map((e) => [e.id, e])).values()].sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
      if (!unique.length && !opts.refused?.length) return { accepted: 0, overLimit: 0 };
      return db.transaction().execute(async (trx) => {
        const refused = refusalTally(opts.refused);
        const { kept, over } = await withinVisitLimits(trx, unique, opts);
        for (const e of over) refused.count(e.guide_token, e.day, 'over_limit');
        await addRefused(trx, refused.rows());
        if (!kept.length) return { accepted: 0, overLimit: over.length };
        const inserted = await trx
          .insertInto('insight_events')
          .values(kept)
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .execute();
        const newIds = new Set(inserted.map((r) => r.id));
        const fresh = kept.filter((e) => newIds.has(e.id));
        await countInVisits(trx, fresh);
        if (!fresh.length) return { accepted: 0, overLimit: over.length };

        const byKey = new Map<string, Fact & { day: string }>();
        // Earliest first, so a fact's row carries the day it is counted on.
        for (const e of [...fresh].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)))
          for (const f of factsOf(e))
            if (!byKey.has(factKey(f))) byKey.set(factKey(f), { ...f, day: e.day });
        const candidates = [...byKey.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, f]) => f);
        const newFacts = new Set<string>();
        // Bounded statements: a batch is at most 50 events × 8 facts.
        for (let i = 0; i < candidates.length; i += 200) {
          const rows = await trx
            .insertInto('insight_visit_facts')
            .values(candidates.slice(i, i + 200))
            .onConflict((oc) =>
              oc.columns(['guide_token', 'visit_id', 'language', 'fact']).doNothing(),
            )
            .returning(['guide_token', 'visit_id', 'language', 'fact'])
            .execute();
          for (const r of rows) newFacts.add(factKey(r));
        }
        await applyDeltas(trx, rollupDeltas(fresh, newFacts));
        return { accepted: fresh.length, overLimit: over.length };
      });
    },

    /** Deletes raw events and counted facts of days before `day`; the roll-ups stay. */
    async deleteBefore(day: string): Promise<number> {
      const r = await db.deleteFrom('insight_events').where('day', '<', day).executeTakeFirst();
      await db.deleteFrom('insight_visit_facts').where('day', '<', day).execute();
      await db.deleteFrom('insight_visits').where('day', '<', day).execute();
      return Number(r.numDeletedRows);
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
