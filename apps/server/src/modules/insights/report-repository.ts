import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const PUBLISHED = 'data';
const sum = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;

export type PeriodQuery = { guide: string; language: string; from: string; to: string };

/**
 * The dashboard's reads (docs/insights.md): the guide's published stops and challenges, and
 * sums of the daily roll-ups over a range (each a range scan of one roll-up's primary key).
 */
export function insightsReportRepository(db: Kysely<Database>) {
  const daily = (q: PeriodQuery) =>
    db
      .selectFrom('insight_daily')
      .where('guide_token', '=', q.guide)
      .where('language', '=', q.language)
      .where('day', '>=', q.from)
      .where('day', '<=', q.to);

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

    async guideLanguages(guideId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('guide_languages')
        .select('code')
        .where('guide_id', '=', guideId)
        .orderBy('position')
        .execute();
      return rows.map((r) => r.code);
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
      return daily(q)
        .select([
          'day',
          sum('visits').as('visits'),
          sum('listeners').as('listeners'),
          sum('preloads').as('preloads'),
          sum('shares').as('shares'),
          sum('answers').as('answers'),
          sum('correct').as('correct'),
          sum('heard_events').as('heard_events'),
          sum('completed').as('completed'),
          sum('reached').as('reached'),
        ])
        .groupBy('day')
        .execute();
    },

    async byHour(q: PeriodQuery) {
      return daily(q)
        .select(['hour', sum('visits').as('visits')])
        .groupBy('hour')
        .execute();
    },

    async byStop(q: PeriodQuery) {
      return db
        .selectFrom('insight_daily_stops')
        .where('guide_token', '=', q.guide)
        .where('language', '=', q.language)
        .where('day', '>=', q.from)
        .where('day', '<=', q.to)
        .select([
          'poi_token',
          sum('visits').as('visits'),
          sum('listeners').as('listeners'),
          sum('starts').as('starts'),
          sum('completed').as('completed'),
          sum('heard_events').as('heard_events'),
          sum('heard_sum').as('heard_sum'),
          sum('reached').as('reached'),
          sum('t_tap').as('t_tap'),
          sum('t_keypad').as('t_keypad'),
          sum('t_location').as('t_location'),
          sum('t_autoplay').as('t_autoplay'),
          sum('t_link').as('t_link'),
        ])
        .groupBy('poi_token')
        .execute();
    },

    async byChallenge(q: PeriodQuery) {
      return db
        .selectFrom('insight_daily_challenges')
        .where('guide_token', '=', q.guide)
        .where('language', '=', q.language)
        .where('day', '>=', q.from)
        .where('day', '<=', q.to)
        .select(['challenge_id', sum('answers').as('answers'), sum('correct').as('correct')])
        .groupBy('challenge_id')
        .execute();
    },
  };
}

export type InsightsReportRepository = ReturnType<typeof insightsReportRepository>;
