import { sql, type RawBuilder } from 'kysely';
import { orderParts, type CatalogueCursor, type CatalogueOrder } from '@earshot/core';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/migrations.js';
import type { GuideRow } from '../content/serialize.js';
import { catalogueSearch } from './search-repository.js';

/** A listed guide with the keys its order sorts by (cursors are made of them). */
export type KeyedRow = GuideRow & { state_key: string; name_key: string; title_key: string };

export type PlaceFilter = { state?: string; cityId?: number };

/** The group key first, then the other place key, as the order sorts them. */
const groupKeys = (order: CatalogueOrder) =>
  orderParts(order).by === 'state'
    ? [sql.ref('c.state_key'), sql.ref('c.name_key')]
    : [sql.ref('c.name_key'), sql.ref('c.state_key')];

/** SQL of the large catalogue: keyset pages, letters, counts, clusters, sitemap batches. */
export function catalogueRepository(db: Db, dialect: Dialect) {
  const where = (filter: PlaceFilter): RawBuilder<unknown> => {
    const parts: RawBuilder<unknown>[] = [sql`g.status = 'data'`];
    if (filter.state !== undefined) parts.push(sql`c.state_key = ${filter.state.toLowerCase()}`);
    if (filter.cityId !== undefined) parts.push(sql`c.id = ${filter.cityId}`);
    return sql.join(parts, sql` and `);
  };

  const keyed = (condition: RawBuilder<unknown>, orderBy: RawBuilder<unknown>, limit: number) =>
    sql<KeyedRow>`select g.*, c.name as city_name, c.state as city_state,
        c.state_key, c.name_key, lower(g.title) as title_key
      from guides g join cities c on c.id = g.city_id
      where ${condition} order by ${orderBy} limit ${limit}`
      .execute(db)
      .then((r) => r.rows);

  return {
    search: catalogueSearch(db, dialect),

    async count(filter: PlaceFilter = {}): Promise<number> {
      // Unfiltered (every large list's first call) needs no join: an index-only count.
      const r =
        filter.state === undefined && filter.cityId === undefined
          ? await sql<{
              n: number;
            }>`select count(*) as n from guides where status = 'data'`.execute(db)
          : await sql<{ n: number }>`select count(*) as n
        from guides g join cities c on c.id = g.city_id where ${where(filter)}`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },

    /**
     * Up to `limit` guides in `order` after the cursor (or from the first group whose key starts
     * at `from`, or from the start). Two index walks, never OFFSET: the rest of the cursor's
     * city by title, then the following cities' guides.
     */
    async page(
      order: CatalogueOrder,
      start: { after?: CatalogueCursor; from?: string },
      limit: number,
      filter: PlaceFilter,
    ): Promise<KeyedRow[]> {
      const { ascending } = orderParts(order);
      const dir = sql.raw(ascending ? 'asc' : 'desc');
      const [lead, second] = groupKeys(order);
      const byTitle = sql`lower(g.title) asc, g.id asc`;
      const rows: KeyedRow[] = [];
      let groups: RawBuilder<unknown>;
      const after = start.after;
      if (after) {
        const [k1, k2, cityId, title, id] = after.keys;
        rows.push(
          ...(await keyed(
            sql`${where(filter)} and c.id = ${cityId} and (lower(g.title), g.id) > (${title}, ${id})`,
            byTitle,
            limit,
          )),
        );
        const op = sql.raw(ascending ? '>' : '<');
        groups = sql`(${lead}, ${second}, c.id) ${op} (${k1}, ${k2}, ${cityId})`;
      } else if (start.from) {
        // Keys compare as bytes (C collation, SQLite's BINARY): 'm' ≤ key < 'n' starts with m.
        groups = ascending
          ? sql`${lead} >= ${start.from}`
          : sql`${lead} < ${String.fromCharCode(start.from.charCodeAt(0) + 1)}`;
      } else {
        groups = sql`1 = 1`;
      }
      if (rows.length < limit) {
        rows.push(
          ...(await keyed(
            sql`${where(filter)} and ${groups}`,
            sql`${lead} ${dir}, ${second} ${dir}, c.id ${dir}, ${byTitle}`,
            limit - rows.length,
          )),
        );
      }
      return rows;
    },

    /** First characters of the group keys of cities with a published guide. */
    async initials(order: CatalogueOrder): Promise<string[]> {
      const [lead] = groupKeys(order);
      const r = await sql<{ initial: string }>`select distinct substr(${lead}, 1, 1) as initial
        from cities c where exists (select 1 from guides g where g.city_id = c.id and g.status = 'data')`.execute(
        db,
      );
      return r.rows.map((row) => row.initial);
    },

    /** Published guides of the view, grouped in grid cells of `cell` degrees. */
    async clusters(bbox: { w: number; s: number; e: number; n: number }, cell: number) {
      const r = await sql<{
        n: number;
        lat: number;
        lng: number;
        token: string;
      }>`select count(*) as n, avg(centroid_lat) as lat, avg(centroid_lng) as lng, min(token) as token
        from guides
        where status = 'data' and centroid_lat between ${bbox.s} and ${bbox.n}
          and centroid_lng between ${bbox.w} and ${bbox.e}
        group by floor(centroid_lng / ${cell}), floor(centroid_lat / ${cell})`.execute(db);
      return r.rows.map((row) => ({
        count: Number(row.n),
        lat: Number(row.lat),
        lng: Number(row.lng),
        token: row.token,
      }));
    },

    /** The nearest published guides by a flat-earth distance (exact distance sorted after). */
    async nearest(lat: number, lng: number, limit: number): Promise<GuideRow[]> {
      const k = Math.cos((lat * Math.PI) / 180);
      const r = await sql<GuideRow>`select g.*, c.name as city_name, c.state as city_state
        from guides g join cities c on c.id = g.city_id
        where g.status = 'data' and g.centroid_lat is not null and g.centroid_lng is not null
        order by (g.centroid_lat - ${lat}) * (g.centroid_lat - ${lat})
          + (g.centroid_lng - ${lng}) * (g.centroid_lng - ${lng}) * ${k * k}, g.id
        limit ${limit}`.execute(db);
      return r.rows;
    },

    async maxPublishedId(): Promise<number> {
      const r = await db
        .selectFrom('guides')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('status', '=', 'data')
        .executeTakeFirst();
      return Number(r?.id ?? 0);
    },

    /** One batch of published guides with ids in `[first, last]` after `afterId`, by id. */
    async sitemapBatch(first: number, last: number, afterId: number, size: number) {
      return db
        .selectFrom('guides')
        .select(['id', 'token', 'updated_at'])
        .where('status', '=', 'data')
        .where('id', '>=', Math.max(first, afterId + 1))
        .where('id', '<=', last)
        .orderBy('id')
        .limit(size)
        .execute();
    },

    /** Cities with a published guide, at most `limit` (for the places sitemap). */
    async places(limit: number) {
      return db
        .selectFrom('cities as c')
        .select(['c.name', 'c.state'])
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('guides as g')
              .select('g.id')
              .whereRef('g.city_id', '=', 'c.id')
              .where('g.status', '=', 'data'),
          ),
        )
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
