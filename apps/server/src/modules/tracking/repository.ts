import type { Db } from '../../db/database.js';

export type TrackingEvent = {
  kind: string;
  guide_token?: string;
  poi_token?: string;
  language?: string | null;
  place?: string;
  /** The signed-in user a visit was made by. */
  user_id?: string | null;
};

/** SQL of tracking: events stored for the publisher. */
export function trackingRepository(db: Db) {
  return {
    /** Whether the guide with `guideToken` holds the POI with `poiToken`. */
    async guideHasPoi(guideToken: string, poiToken: string): Promise<boolean> {
      const row = await db
        .selectFrom('pois')
        .innerJoin('guides', 'guides.id', 'pois.guide_id')
        .select('pois.id')
        .where('pois.token', '=', poiToken)
        .where('guides.token', '=', guideToken)
        .executeTakeFirst();
      return row !== undefined;
    },

    async record(e: TrackingEvent): Promise<void> {
      await db
        .insertInto('tracking_events')
        .values({
          kind: e.kind,
          guide_token: e.guide_token ?? null,
          poi_token: e.poi_token ?? null,
          language: e.language ?? null,
          place: e.place ?? null,
          user_id: e.user_id ?? null,
        })
        .execute();
    },
  };
}

export type TrackingRepository = ReturnType<typeof trackingRepository>;
