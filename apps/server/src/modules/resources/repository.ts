import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Visibility } from '../content/visibility.js';

/** Tables whose rows belong to one guide, in a position order. */
type GuidePartTable = 'pois' | 'layers' | 'badges' | 'scavenger_hunts';

/** One page of a list: callers have bounded both (limit ≥ 1, offset ≥ 0). */
export type Page = { limit: number; offset: number };

export type GuideFilter = {
  id?: number;
  token?: string;
  city?: number;
  city__name?: string;
  city__state?: string;
};
export type PoiFilter = {
  id?: number;
  token?: string;
  guide?: number;
  guide__token?: string;
  layer?: number;
};
export type GuidePartFilter = { id?: number; guide?: number; guide__token?: string };
export type BadgeFilter = GuidePartFilter & { contest_type?: string };
export type BadgeLevelFilter = { id?: number; badge?: number; badge__token?: string };
export type ChallengeFilter = {
  id?: number;
  scavenger_hunt?: number;
  poi?: number;
  scavenger_hunt__guide__token?: string;
  poi__guide__token?: string;
  poi__token?: string;
  resourcetype?: string;
};
export type OptionFilter = { id?: number; challenge?: number };

/**
 * SQL of the generic resources (GET {resource} with Django-style filters): one page of rows
 * per call, plus the batched look-ups that serialising a page needs (never one query per row).
 */
export function resourceRepository(db: Db) {
  const guideIdsByToken = (token: string) =>
    db.selectFrom('guides').select('id').where('token', '=', token);
  /**
   * Every read is held to the guides the request may see, whatever it filters by: published
   * ones, and the preview whose token it carries (an id or filter alone never reaches a
   * preview's rows). A correlated EXISTS (a primary-key look-up a row), not
   * `IN (every published guide)`, which SQLite would gather whole for each call of a large
   * catalogue.
   */
  const seen = (v: Visibility) =>
    v.preview ? sql`(vg.status = 'data' or vg.token = ${v.preview})` : sql`vg.status = 'data'`;
  /** The row's guide (`column`, its id) is one the request may see. */
  const visibleGuide = (v: Visibility, column: string) =>
    sql<SqlBool>`exists (select 1 from guides vg where vg.id = ${sql.ref(column)} and ${seen(v)})`;
  /** The row's hunt (`column`, its id) is of a guide the request may see. */
  const visibleHunt = (v: Visibility, column: string) =>
    sql<SqlBool>`exists (select 1 from scavenger_hunts vh inner join guides vg on vg.id = vh.guide_id
      where vh.id = ${sql.ref(column)} and ${seen(v)})`;
  /** The row's challenge (`column`, its id) is of a guide the request may see. */
  const visibleChallenge = (v: Visibility, column: string) =>
    sql<SqlBool>`exists (select 1 from challenges vc
      inner join scavenger_hunts vh on vh.id = vc.scavenger_hunt_id
      inner join guides vg on vg.id = vh.guide_id
      where vc.id = ${sql.ref(column)} and ${seen(v)})`;

  /**
   * A table that hangs off guides (id, guide_id, position): filtered by id, guide id or guide
   * token, in guide order, one page.
   */
  function guidePartPage<Q extends SelectQueryBuilder<Database, GuidePartTable, object>>(
    table: GuidePartTable,
    query: Q,
    f: GuidePartFilter,
    page: Page,
    v: Visibility,
  ): Q {
    let q: SelectQueryBuilder<Database, GuidePartTable, object> = query;
    q = q.where(visibleGuide(v, `${table}.guide_id`));
    if (f.id !== undefined) q = q.where('id', '=', f.id);
    if (f.guide !== undefined) q = q.where('guide_id', '=', f.guide);
    if (f.guide__token !== undefined)
      q = q.where('guide_id', 'in', guideIdsByToken(f.guide__token));
    return q
      .orderBy('guide_id')
      .orderBy('position')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset) as Q;
  }

  return {
    /** Ids of one page of guides, in the order of the guide list (title, id). */
    async guideIds(f: GuideFilter, page: Page, v: Visibility): Promise<number[]> {
      let q = db
        .selectFrom('guides')
        .innerJoin('cities', 'cities.id', 'guides.city_id')
        .select('guides.id')
        .where(visibleGuide(v, 'guides.id'));
      if (f.id !== undefined) q = q.where('guides.id', '=', f.id);
      if (f.token !== undefined) q = q.where('guides.token', '=', f.token);
      if (f.city !== undefined) q = q.where('guides.city_id', '=', f.city);
      if (f.city__name !== undefined)
        q = q.where('cities.name_key', '=', f.city__name.toLowerCase());
      if (f.city__state !== undefined)
        q = q.where('cities.state_key', '=', f.city__state.toLowerCase());
      const rows = await q
        .orderBy('guides.title')
        .orderBy('guides.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map((r) => r.id);
    },

    async pois(f: PoiFilter, page: Page, v: Visibility) {
      let q = db.selectFrom('pois').selectAll();
      if (f.token !== undefined) q = q.where('token', '=', f.token);
      if (f.layer !== undefined) q = q.where('layer_id', '=', f.layer);
      return guidePartPage('pois', q, f, page, v).execute();
    },

    async layers(f: GuidePartFilter, page: Page, v: Visibility) {
      return guidePartPage('layers', db.selectFrom('layers').selectAll(), f, page, v).execute();
    },

    async badges(f: BadgeFilter, page: Page, v: Visibility) {
      let q = db.selectFrom('badges').selectAll();
      if (f.contest_type !== undefined) q = q.where('contest_type', '=', f.contest_type);
      return guidePartPage('badges', q, f, page, v).execute();
    },

    /** Badge levels with the token and guide of their badge. */
    async badgeLevels(f: BadgeLevelFilter, page: Page, v: Visibility) {
      let q = db
        .selectFrom('badge_levels')
        .innerJoin('badges', 'badges.id', 'badge_levels.badge_id')
        .selectAll('badge_levels')
        .select(['badges.token as badge_token', 'badges.guide_id as guide_id'])
        .where(visibleGuide(v, 'badges.guide_id'));
      if (f.id !== undefined) q = q.where('badge_levels.id', '=', f.id);
      if (f.badge !== undefined) q = q.where('badge_levels.badge_id', '=', f.badge);
      if (f.badge__token !== undefined) q = q.where('badges.token', '=', f.badge__token);
      return q
        .orderBy('badge_levels.badge_id')
        .orderBy('badge_levels.required')
        .orderBy('badge_levels.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    async hunts(f: GuidePartFilter, page: Page, v: Visibility) {
      const q = db.selectFrom('scavenger_hunts').selectAll();
      return guidePartPage('scavenger_hunts', q, f, page, v).execute();
    },

    /** Challenge ids and sets of the given hunts, in hunt order. */
    async huntChallenges(huntIds: number[]) {
      if (!huntIds.length) return [];
      return db
        .selectFrom('challenges')
        .select(['id', 'scavenger_hunt_id', 'challenge_set'])
        .where('scavenger_hunt_id', 'in', huntIds)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async challenges(f: ChallengeFilter, page: Page, v: Visibility) {
      let q = db
        .selectFrom('challenges')
        .selectAll()
        .where(visibleHunt(v, 'challenges.scavenger_hunt_id'));
      if (f.id !== undefined) q = q.where('id', '=', f.id);
      if (f.scavenger_hunt !== undefined) q = q.where('scavenger_hunt_id', '=', f.scavenger_hunt);
      if (f.poi !== undefined) q = q.where('poi_id', '=', f.poi);
      if (f.scavenger_hunt__guide__token !== undefined)
        q = q.where(
          'scavenger_hunt_id',
          'in',
          db
            .selectFrom('scavenger_hunts')
            .select('id')
            .where('guide_id', 'in', guideIdsByToken(f.scavenger_hunt__guide__token)),
        );
      if (f.resourcetype !== undefined) q = q.where('resourcetype', '=', f.resourcetype);
      if (f.poi__token !== undefined)
        q = q.where(
          'poi_id',
          'in',
          db.selectFrom('pois').select('id').where('token', '=', f.poi__token),
        );
      if (f.poi__guide__token !== undefined)
        q = q.where(
          'poi_id',
          'in',
          db
            .selectFrom('pois')
            .select('id')
            .where('guide_id', 'in', guideIdsByToken(f.poi__guide__token)),
        );
      return q
        .orderBy('scavenger_hunt_id')
        .orderBy('position')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    async options(f: OptionFilter, page: Page, v: Visibility) {
      let q = db
        .selectFrom('multiple_choice_options')
        .select(['id', 'challenge_id', 'value'])
        .where(visibleChallenge(v, 'multiple_choice_options.challenge_id'));
      if (f.id !== undefined) q = q.where('id', '=', f.id);
      if (f.challenge !== undefined) q = q.where('challenge_id', '=', f.challenge);
      return q
        .orderBy('challenge_id')
        .orderBy('position')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    /** Guide id → token. */
    async guideTokens(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('guides')
        .select(['id', 'token'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.token]));
    },

    /** POI id → token. */
    async poiTokens(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('pois')
        .select(['id', 'token'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.token]));
    },
  };
}

export type ResourceRepository = ReturnType<typeof resourceRepository>;
