import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/migrations.js';
import { pgDescriptionKey } from '../../db/migrations-catalogue.js';

/** Ranked ids of published guides matching a query, and how many match in all. */
export type SearchHits = { ids: number[]; total: number };

/**
 * Server-side guide search (docs/decisions/0015-catalogue-search-in-the-database.md): SPEC §9's
 * keys and weights (title 3, city 2, description 0.5) in each engine's own terms. An exact
 * title comes first, then titles that start with the query, then the engine's score.
 */
export function catalogueSearch(db: Db, dialect: Dialect) {
  /**
   * PostgreSQL pg_trgm: `<%` (word similarity ≥ 0.6) finds a guide whose title, city or
   * description opening holds something like the query, each through its trigram index; the
   * score weighs the fields' word similarities 3 / 2 / 0.5.
   */
  async function postgres(q: string, limit: number): Promise<SearchHits> {
    const desc = sql.raw(pgDescriptionKey.replace(/description/g, 'g.description'));
    const r = await sql<{ id: number; total: number }>`
      with near_cities as (
        select id, word_similarity(${q}, name_key) as sim from cities where ${q} <% name_key
      ),
      hits as (
        select g.id, g.title,
          3 * word_similarity(${q}, lower(g.title))
            + 2 * coalesce(nc.sim, 0)
            + 0.5 * word_similarity(${q}, ${desc}) as score
        from guides g left join near_cities nc on nc.id = g.city_id
        where g.status = 'data' and (
          ${q} <% lower(g.title)
          or ${q} <% ${desc}
          or g.city_id = any(array(select id from near_cities))
        )
      )
      select id, count(*) over () as total from hits
      order by lower(title) = ${q} desc, strpos(lower(title), ${q}) = 1 desc, score desc,
        lower(title), id
      limit ${limit}`.execute(db);
    return { ids: r.rows.map((row) => row.id), total: Number(r.rows[0]?.total ?? 0) };
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
    return { ids: r.rows.map((row) => row.id), total: Number(r.rows[0]?.total ?? 0) };
  }

  /** `q` is trimmed, at least 3 characters (the route's schema); compared in lower case. */
  return (q: string, limit: number): Promise<SearchHits> =>
    dialect === 'postgres' ? postgres(q.toLowerCase(), limit) : sqlite(q.toLowerCase(), limit);
}
