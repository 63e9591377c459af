import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/migrations.js';
import { CATALOGUE_SEARCH_TOTAL_MAX, searchWords } from '@earshot/core';
import { pgWords, SEARCH_DESCRIPTION_CHARS } from '../../db/migrations-catalogue-pg.js';

/**
 * Rows each index lookup of a PostgreSQL search may give: ranking reads every candidate's
 * fields, so the pool bounds a keystroke's work whatever the catalogue holds.
 */
const POOL = CATALOGUE_SEARCH_TOTAL_MAX;

/** Ranked ids of published guides matching a query, and how many match in all. */
export type SearchHits = { ids: number[]; total: number };

/**
 * Server-side guide search (docs/decisions/0017-catalogue-search-in-the-database.md): SPEC §9's
 * keys and weights (title 3, city 2, description 0.5) in each engine's own terms. An exact
 * title comes first, then titles that start with the query, then the engine's score.
 */
export function catalogueSearch(db: Db, dialect: Dialect) {
  /**
   * PostgreSQL: candidates from index lookups that each stop at POOL rows (titles starting with
   * the query; titles, city names and description openings holding words that start with the
   * query's words, through full-text indexes), ranked together by pg_trgm word similarity of
   * each field weighted 3 / 2 / 0.5. When they are fewer than asked, titles within a typo
   * (`<%`, word similarity ≥ 0.6, trigram index) follow.
   */
  async function postgres(q: string, limit: number): Promise<SearchHits> {
    const words = searchWords(q);
    if (!words.length) return { ids: [], total: 0 };
    const tsq = words.map((w) => `'${w}':*`).join(' & ');
    const query = sql`to_tsquery('simple'::regconfig, ${tsq})`;
    const titleWords = sql.raw(pgWords('title'));
    const descWords = sql.raw(pgWords(`left(description, ${SEARCH_DESCRIPTION_CHARS})`));
    const fields = sql.raw('id, title, city_id, published, description');
    const ranking = sql<{ id: number; total: number }>`
      with near_cities as (
        select id, word_similarity(${q}, name_key) as sim from cities
        where ${sql.raw(pgWords('name'))} @@ ${query} or ${q} <% name_key
        limit 100
      ),
      candidates as (
        (select ${fields} from guide_search where published
          and lower(title) >= ${q} and lower(title) < ${q + '\uffff'}
          order by lower(title), id limit ${limit})
        union (select ${fields} from guide_search where ${titleWords} @@ ${query} limit ${POOL})
        union (select ${fields} from guide_search where published
          and city_id = any(array(select id from near_cities)) limit ${POOL})
        union (select ${fields} from guide_search where ${descWords} @@ ${query} limit ${POOL})
      )
      select g.id, count(*) over () as total
      from candidates g left join near_cities nc on nc.id = g.city_id
      where g.published
      order by lower(g.title) = ${q} desc, strpos(lower(g.title), ${q}) = 1 desc,
        3 * word_similarity(${q}, lower(g.title)) + 2 * coalesce(nc.sim, 0)
          + 0.5 * word_similarity(${q}, lower(g.description)) desc,
        lower(g.title), g.id
      limit ${limit}`;
    const r = await db.transaction().execute(async (trx) => {
      // Each lookup stops at POOL rows: the planner would rather walk the table (or another
      // index) computing every row's words until it has them, which costs far more than the
      // word index; so the lookups name no other column and table scans are off (no JIT either).
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local jit = off`.execute(trx);
      return ranking.execute(trx);
    });
    const ids = r.rows.map((row) => row.id);
    // Candidates counted: every match while a lookup stops short of its pool, else ≥ POOL.
    let total = Number(r.rows[0]?.total ?? 0);
    if (ids.length < limit) {
      const typos = await sql<{ id: number }>`select id from guide_search
        where published and ${q} <% lower(title) and not (id = any(${ids}))
        order by word_similarity(${q}, lower(title)) desc, lower(title), id
        limit ${limit - ids.length}`.execute(db);
      ids.push(...typos.rows.map((row) => row.id));
      total += typos.rows.length;
    }
    return { ids, total: Math.min(total, CATALOGUE_SEARCH_TOTAL_MAX) };
  }

  /**
   * SQLite FTS5 with the trigram tokenizer: the query is one phrase, found anywhere in title,
   * city or description opening (any case, no typo tolerance), ranked by bm25 with the weights.
   */
  async function sqlite(q: string, limit: number): Promise<SearchHits> {
    const phrase = `"${q.replace(/"/g, '""')}"`;
    // bm25() may not share a query with a window function: ranked first, counted after.
    const r = await sql<{ id: number; total: number }>`
      with matched as (
        select rowid as id, bm25(guide_search, 3.0, 2.0, 0.5) as rank
        from guide_search where guide_search match ${phrase}
      )
      select g.id, count(*) over () as total
      from matched m join guides g on g.id = m.id
      where g.status = 'data'
      order by lower(g.title) = ${q} desc, instr(lower(g.title), ${q}) = 1 desc, m.rank,
        lower(g.title), g.id
      limit ${limit}`.execute(db);
    const total = Number(r.rows[0]?.total ?? 0);
    return { ids: r.rows.map((row) => row.id), total: Math.min(total, CATALOGUE_SEARCH_TOTAL_MAX) };
  }

  /** `q` is trimmed, at least 3 characters (the route's schema); compared in lower case. */
  return (q: string, limit: number): Promise<SearchHits> =>
    dialect === 'postgres' ? postgres(q.toLowerCase(), limit) : sqlite(q.toLowerCase(), limit);
}
