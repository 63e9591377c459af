import type { Db } from '../../db/database.js';
import type { Page } from '../resources/repository.js';

export type AwardFilter = { id?: number; badge?: number; badge__guide__token?: string };

/** The writes of one visit: the visit itself, then the points it gives. */
function visitWrites(db: Db) {
  return {
    /** Stores the user's visit of a POI; false when they had visited it before. */
    async addVisit(userId: string, poiId: number): Promise<boolean> {
      const row = await db
        .insertInto('poi_visits')
        .values({ user_id: userId, poi_id: poiId })
        .onConflict((oc) => oc.columns(['user_id', 'poi_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds `points` to the user's award of a badge (made on its first points); its new total. */
    async addPoints(userId: string, badgeId: number, points: number) {
      const now = new Date().toISOString();
      return db
        .insertInto('awards')
        .values({ user_id: userId, badge_id: badgeId, points })
        .onConflict((oc) =>
          oc.columns(['user_id', 'badge_id']).doUpdateSet((eb) => ({
            points: eb('awards.points', '+', points),
            updated_at: now,
          })),
        )
        .returning(['id', 'points', 'state'])
        .executeTakeFirstOrThrow();
    },
  };
}

type VisitWrites = ReturnType<typeof visitWrites>;

/** SQL of POI visits and badge awards. */
export function awardsRepository(db: Db) {
  const awardRows = () =>
    db
      .selectFrom('awards')
      .innerJoin('badges', 'badges.id', 'awards.badge_id')
      .select([
        'awards.id',
        'awards.user_id',
        'awards.badge_id',
        'awards.state',
        'awards.points',
        'badges.token as badge_token',
        'badges.guide_id',
        'badges.image as badge_image',
      ]);

  return {
    /** Runs `fn` with the writes of a visit, in one transaction. */
    transaction<T>(fn: (writes: VisitWrites) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(visitWrites(trx)));
    },

    /** The visit_poi/ request an Idempotency-Key names, with its reply (null while it runs). */
    async visitRequest(key: string) {
      return db
        .selectFrom('visit_requests')
        .select(['user_id', 'guide_token', 'poi_token', 'result'])
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** Takes a key for a request about to run; false when another request holds it already. */
    async claimVisitKey(row: {
      idempotency_key: string;
      user_id: string | null;
      guide_token: string;
      poi_token: string;
    }): Promise<boolean> {
      const claimed = await db
        .insertInto('visit_requests')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Keeps the reply a key's request gave, for its replays. */
    async finishVisitKey(key: string, result: string): Promise<void> {
      await db
        .updateTable('visit_requests')
        .set({ result })
        .where('idempotency_key', '=', key)
        .execute();
    },

    /** Frees the key of a request that failed, so that its retry runs again. */
    async releaseVisitKey(key: string): Promise<void> {
      await db.deleteFrom('visit_requests').where('idempotency_key', '=', key).execute();
    },

    /** The POI with `poiToken` in the guide with `guideToken`, with its layer's token. */
    async poiInGuide(guideToken: string, poiToken: string) {
      return db
        .selectFrom('pois')
        .innerJoin('guides', 'guides.id', 'pois.guide_id')
        .leftJoin('layers', 'layers.id', 'pois.layer_id')
        .select(['pois.id', 'pois.token', 'pois.guide_id', 'layers.token as layer_token'])
        .where('pois.token', '=', poiToken)
        .where('guides.token', '=', guideToken)
        .executeTakeFirst();
    },

    /** One page of the user's awards, in badge order. */
    async awards(userId: string, f: AwardFilter, page: Page) {
      let q = awardRows().where('awards.user_id', '=', userId);
      if (f.id !== undefined) q = q.where('awards.id', '=', f.id);
      if (f.badge !== undefined) q = q.where('awards.badge_id', '=', f.badge);
      if (f.badge__guide__token !== undefined) {
        const token = f.badge__guide__token;
        q = q.where('badges.guide_id', 'in', (eb) =>
          eb.selectFrom('guides').select('id').where('token', '=', token),
        );
      }
      return q
        .orderBy('badges.guide_id')
        .orderBy('badges.position')
        .orderBy('awards.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    /** The user's awards of the given badges. */
    async awardsOfBadges(userId: string, badgeIds: number[]) {
      if (!badgeIds.length) return [];
      return awardRows()
        .where('awards.user_id', '=', userId)
        .where('awards.badge_id', 'in', badgeIds)
        .execute();
    },
  };
}

export type AwardsRepository = ReturnType<typeof awardsRepository>;
