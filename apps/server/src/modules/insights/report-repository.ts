import { sql, type Kysely } from 'kysely';
import type { InsightRefused } from '@earshot/core';
import {
  CHALLENGE_COUNTERS,
  DAILY_COUNTERS,
  STOP_COUNTERS,
} from '../../db/migrations/0010_insights.js';
import { REFUSED_COUNTERS } from '../../db/migrations/0015_insights_visits.js';
import {
  DAILY_ENTRY_COUNTERS,
  STOP_ENTRY_COUNTERS,
} from '../../db/migrations/0018_insight_entries.js';
import type { Database } from '../../db/schema.js';
import { languagesOf } from './visit-repository.js';

const PUBLISHED = 'data';
/** Each roll-up counter summed over the rows of a range, under its own name. */
const sums = <C extends string>(columns: readonly C[]) =>
  columns.map((c) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`.as(c));
/** A roll-up's rows of one guide, language and range of days (its primary key's prefix). */
const inPeriod = (q: PeriodQuery) =>
  sql<boolean>`guide_token = ${q.guide} and language = ${q.language} and day >= ${q.from} and day <= ${q.to}`;

export type PeriodQuery = { guide: string; language: string; from: string; to: string };

/**
 * The dashboard's reads (docs/insights.md): the guide's published stops and challenges, and
 * sums of the daily roll-ups over a range (each a range scan of one roll-up's primary key).
 */
export function insightsReportRepository(db: Kysely<Database>) {
  return {
    async guide(token: string) {
      return db
        .selectFrom('guides')
        .select(['id', 'token', 'title'])
        .where('token', '=', token)
        .where('status', '=', PUBLISHED)
        .executeTakeFirst();
    },

    /** The draft's title, for a guide never published. */
    async draftDocument(token: string) {
      const row = await db
        .selectFrom('guide_drafts')
        .select('document')
        .where('guide_token', '=', token)
        .executeTakeFirst();
      return row?.document;
    },

    /** The guide's languages (its list in order, then its stops' texts' languages). */
    async guideLanguages(guideId: number): Promise<string[]> {
      return (await languagesOf(db, [guideId])).get(guideId) ?? [];
    },

    /** Events of the guide refused on the days `from`–`to` (core insightRefusalDay). */
    async refused(guide: string, from: string, to: string): Promise<InsightRefused> {
      const row = await db
        .selectFrom('insight_daily_refused')
        .where('guide_token', '=', guide)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .select(sums(REFUSED_COUNTERS))
        .executeTakeFirst();
      const n = (c: (typeof REFUSED_COUNTERS)[number]) => Number(row?.[c] ?? 0);
      const out = {
        bad_token: n('bad_token'),
        over_limit: n('over_limit'),
        unknown_stop: n('unknown_stop'),
        out_of_range: n('out_of_range'),
      };
      return { total: REFUSED_COUNTERS.reduce((t, c) => t + out[c], 0), ...out };
    },

    /** Languages that have figures in a range (without `*`). */
    async languagesWithData(guide: string, from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('insight_daily')
        .select('language')
        .distinct()
        .where('guide_token', '=', guide)
        .where('language', '<>', '*')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((r) => r.language);
    },

    /** The published guide's stops in order, titled in `language` (else any language). */
    async stops(guideId: number, language: string | null) {
      const pois = await db
        .selectFrom('pois')
        .select(['id', 'token', 'lat', 'lng', 'position'])
        .where('guide_id', '=', guideId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const titles = pois.length
        ? await db
            .selectFrom('poi_translations')
            .select(['poi_id', 'language', 'title'])
            .where(
              'poi_id',
              'in',
              pois.map((p) => p.id),
            )
            .orderBy('id')
            .execute()
        : [];
      return pois.map((p) => {
        const own = titles.filter((t) => t.poi_id === p.id);
        const title = (own.find((t) => t.language === language) ?? own[0])?.title ?? p.token;
        return { token: p.token, lat: p.lat, lng: p.lng, title };
      });
    },

    async challenges(guideId: number) {
      return db
        .selectFrom('challenges')
        .innerJoin('scavenger_hunts', 'scavenger_hunts.id', 'challenges.scavenger_hunt_id')
        .leftJoin('pois', 'pois.id', 'challenges.poi_id')
        .select(['challenges.id', 'challenges.title', 'pois.token as poi_token'])
        .where('scavenger_hunts.guide_id', '=', guideId)
        .orderBy('scavenger_hunts.position')
        .orderBy('challenges.position')
        .orderBy('challenges.id')
        .execute();
    },

    async byDay(q: PeriodQuery) {
      return db
        .selectFrom('insight_daily')
        .where(inPeriod(q))
        .select(['day', ...sums(DAILY_COUNTERS), ...sums(DAILY_ENTRY_COUNTERS)])
        .groupBy('day')
        .execute();
    },

    async byHour(q: PeriodQuery) {
      return db
        .selectFrom('insight_daily')
        .where(inPeriod(q))
        .select(['hour', ...sums(['visits'])])
        .groupBy('hour')
        .execute();
    },

    async byStop(q: PeriodQuery) {
      return db
        .selectFrom('insight_daily_stops')
        .where(inPeriod(q))
        .select(['poi_token', ...sums(STOP_COUNTERS), ...sums(STOP_ENTRY_COUNTERS)])
        .groupBy('poi_token')
        .execute();
    },

    async byChallenge(q: PeriodQuery) {
      return db
        .selectFrom('insight_daily_challenges')
        .where(inPeriod(q))
        .select(['challenge_id', ...sums(CHALLENGE_COUNTERS)])
        .groupBy('challenge_id')
        .execute();
    },
  };
}

export type InsightsReportRepository = ReturnType<typeof insightsReportRepository>;
