import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { GuideRow } from './serialize.js';

/** A published guide of the city of the outer query. */
const publishedIn = (selectFrom: ExpressionBuilder<Database, 'cities'>['selectFrom']) =>
  selectFrom('guides')
    .select('guides.id')
    .whereRef('guides.city_id', '=', 'cities.id')
    .where('guides.status', '=', 'data');

/** SQL for guides and what hangs off them. Callers have validated every argument. */
export function contentRepository(db: Db) {
  const guides = () =>
    db
      .selectFrom('guides')
      .innerJoin('cities', 'cities.id', 'guides.city_id')
      .selectAll('guides')
      .select(['cities.name as city_name', 'cities.state as city_state']);

  return {
    async listGuides(
      filter: {
        cityId?: number;
        ids?: number[];
        token?: string;
        cityName?: string;
        state?: string;
      } = {},
    ): Promise<GuideRow[]> {
      let q = guides();
      // Lists show published guides only: a studio preview is reached by its own token.
      if (filter.ids === undefined && filter.token === undefined)
        q = q.where('guides.status', '=', 'data');
      if (filter.cityId !== undefined) q = q.where('guides.city_id', '=', filter.cityId);
      if (filter.token !== undefined) q = q.where('guides.token', '=', filter.token);
      if (filter.cityName !== undefined)
        q = q.where('cities.name_key', '=', filter.cityName.toLowerCase());
      if (filter.state !== undefined)
        q = q.where('cities.state_key', '=', filter.state.toLowerCase());
      if (filter.ids !== undefined) {
        if (!filter.ids.length) return [];
        q = q.where('guides.id', 'in', filter.ids);
      }
      return q.orderBy('guides.title').orderBy('guides.id').execute();
    },

    async guideByToken(token: string): Promise<GuideRow | undefined> {
      return guides().where('guides.token', '=', token).executeTakeFirst();
    },

    async guideById(id: number): Promise<GuideRow | undefined> {
      return guides().where('guides.id', '=', id).executeTakeFirst();
    },

    async languagesByGuide(
      guideIds: number[],
    ): Promise<Map<number, { code: string; label: string }[]>> {
      const map = new Map<number, { code: string; label: string }[]>();
      if (!guideIds.length) return map;
      const rows = await db
        .selectFrom('guide_languages')
        .select(['guide_id', 'code', 'label'])
        .where('guide_id', 'in', guideIds)
        .orderBy('guide_id')
        .orderBy('position')
        .execute();
      for (const r of rows) {
        const list = map.get(r.guide_id) ?? [];
        list.push({ code: r.code, label: r.label });
        map.set(r.guide_id, list);
      }
      return map;
    },

    async allLanguages() {
      return db
        .selectFrom('guide_languages')
        .select(['guide_id', 'code', 'label'])
        .orderBy('guide_id')
        .orderBy('position')
        .execute();
    },

    /** Cities with a published guide (a preview's city stays unlisted until it has one). */
    async cities(filter: { name?: string; state?: string } = {}, limit?: number) {
      let q = db
        .selectFrom('cities')
        .select(['id', 'name', 'state'])
        .where(({ exists, selectFrom }) => exists(publishedIn(selectFrom)));
      if (filter.name !== undefined) q = q.where('name_key', '=', filter.name.toLowerCase());
      if (filter.state !== undefined) q = q.where('state_key', '=', filter.state.toLowerCase());
      q = q.orderBy('name').orderBy('state');
      return (limit === undefined ? q : q.limit(limit)).execute();
    },

    async cityById(id: number) {
      return db
        .selectFrom('cities')
        .select(['id', 'name', 'state'])
        .where('id', '=', id)
        .where(({ exists, selectFrom }) => exists(publishedIn(selectFrom)))
        .executeTakeFirst();
    },

    async layers(guideId: number) {
      return db
        .selectFrom('layers')
        .selectAll()
        .where('guide_id', '=', guideId)
        .orderBy('position')
        .execute();
    },

    async pois(guideId: number) {
      return db
        .selectFrom('pois')
        .selectAll()
        .where('guide_id', '=', guideId)
        .orderBy('position')
        .execute();
    },

    async poiByToken(token: string) {
      return db.selectFrom('pois').selectAll().where('token', '=', token).executeTakeFirst();
    },

    async texts(poiIds: number[]) {
      if (!poiIds.length) return [];
      return db
        .selectFrom('poi_translations')
        .selectAll()
        .where('poi_id', 'in', poiIds)
        .orderBy('id')
        .execute();
    },

    /** POI id → id of its first challenge. */
    async firstChallengeByPoi(poiIds: number[]): Promise<Map<number, number>> {
      const map = new Map<number, number>();
      if (!poiIds.length) return map;
      const rows = await db
        .selectFrom('challenges')
        .select(['id', 'poi_id'])
        .where('poi_id', 'in', poiIds)
        .orderBy('position')
        .orderBy('id')
        .execute();
      for (const r of rows) if (r.poi_id !== null && !map.has(r.poi_id)) map.set(r.poi_id, r.id);
      return map;
    },

    async badges(guideIds: number[]) {
      if (!guideIds.length) return [];
      return db
        .selectFrom('badges')
        .selectAll()
        .where('guide_id', 'in', guideIds)
        .orderBy('guide_id')
        .orderBy('position')
        .execute();
    },

    async levels(badgeIds: number[]) {
      if (!badgeIds.length) return [];
      return db
        .selectFrom('badge_levels')
        .selectAll()
        .where('badge_id', 'in', badgeIds)
        .orderBy('required')
        .orderBy('position')
        .execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
