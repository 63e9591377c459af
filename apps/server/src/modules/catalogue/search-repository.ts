import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/migrations.js';
import { CATALOGUE_SEARCH_TOTAL_MAX, searchWords } from '@earshot/core';
import { pgWords, SEARCH_DESCRIPTION_CHARS } from '../../db/migrations/0012_catalogue_search.js';
import type { GuideRow } from '../content/serialize.js';

/**
 * Rows each index lookup of a PostgreSQL search may give: ranking reads every candidate's
 * fields, so the pool bounds a keystroke's work whatever the catalogue holds.
 */
const POOL = CATALOGUE_SEARCH_TOTAL_MAX;

export type Language = { code: string; label: string };
/** A found guide's row (with its city) and its languages in the guide's order. */
export type SearchHit = { row: GuideRow; languages: Language[] };
/** Published guides matching a query, best first, and how many match in all. */
export type SearchHits = { hits: SearchHit[]; total: number };

type HitRow = GuideRow & { languages: Language[] | string; total: number };

/** A state or city page's search: only guides of that state, or of the cities of that name. */
export type SearchPlace = { state?: string; city?: string };

/** The ids of a place's cities as a sub-select (names and states compared in lower case). */
function placeCities(place: SearchPlace) {
  const parts = [sql`true`];
  if (place.state !== undefined) parts.push(sql`state_key = ${place.state.toLowerCase()}`);
  if (place.city !== undefined) parts.push(sql`name_key = ${place.city.toLowerCase()}`);
  return sql`select id from cities where ${sql.join(parts, sql` and `)}`;
}

/**
 * The page of a search answered in the same statement as its ranking: `hits(id, pos, total)`
 * joined to the guide rows, their cities and their languages (one JSON array per guide), in
 * `pos` order. One round trip per keystroke instead of three (ranking, rows, languages).
 */
const withRows = (dialect: Dialect) => {
  const langs =
    dialect === 'postgres'
      ? sql`coalesce((select json_agg(json_build_object('code', l.code, 'label', l.label)
          order by l.position) from guide_languages l where l.guide_id = g.id), '[]'::json)`
      : sql`(select json_group_array(json_object('code', l.code, 'label', l.label)
          order by l.position) from guide_languages l where l.guide_id = g.id)`;
  return sql`select g.*, c.name as city_name, c.state as city_state, h.total, ${langs} as languages
    from hits h join guides g on g.id = h.id join cities c on c.id = g.city_id
    order by h.pos`;
};

/** `and <condition>` when a place is asked for, else nothing. */
const placed = (place: SearchPlace, condition: RawBuilder<unknown>) =>
  place.state !== undefined || place.city !== undefined ? sql`and ${condition}` : sql``;

function toHits(rows: HitRow[]): SearchHits {
  const hits = rows.map(({ languages, total: _total, ...row }) => ({
    row: row as GuideRow,
    languages: typeof languages === 'string' ? (JSON.parse(languages) as Language[]) : languages,
  }));
  return { hits, total: Math.min(Number(rows[0]?.total ?? 0), CATALOGUE_SEARCH_TOTAL_MAX) };
}

/**
 * Server-side guide search (docs/decisions/0017-catalogue-search-in-the-database.md): SPEC §9's
 * keys and weights (title 3, city 2, description 0.5) in each engine's own terms. An exact
 * title comes first, then titles that start with the query, then the engine's score.
 */
export function catalogueSearch(db: Db, dialect: Dialect) {
  const rows = withRows(dialect);

  /**
   * PostgreSQL: candidates from index lookups that each stop at POOL rows (titles starting with
   * the query; titles, city names and description openings holding words that start with the
   * query's words, through full-text indexes), ranked together by pg_trgm word similarity of
   * each field weighted 3 / 2 / 0.5. When they are fewer than asked, titles within a typo
   * (`<%`, word similarity ≥ 0.6, trigram index) follow. One statement.
   */
  async function postgres(q: string, limit: number, place: SearchPlace): Promise<SearchHits> {
    const words = searchWords(q);
    if (!words.length) return { hits: [], total: 0 };
    // A place's filter goes inside each lookup, before its limit: filtered after, a page's guides
    // would be the few of the whole catalogue's best that happen to be there.
    const inPlace = placed(place, sql`city_id = any(array(${placeCities(place)}))`);
    const tsq = words.map((w) => `'${w}':*`).join(' & ');
    // The query as a sub-select (an InitPlan) the planner cannot look into: it then counts on a
    // few matches (its default) and takes the word indexes, whose lookups stop at POOL rows. Seen
    // as a constant, a common prefix ("bro", "the") looked frequent enough that walking the table
    // computing every row's words until POOL matched seemed cheaper (30 ms instead of 2 on
    // 100,000 guides), which took `enable_seqscan = off` in a transaction: 4 round trips more.
    const query = sql`(select to_tsquery('simple'::regconfig, ${tsq}))`;
    const titleWords = sql.raw(pgWords('title'));
    const descWords = sql.raw(pgWords(`left(description, ${SEARCH_DESCRIPTION_CHARS})`));
    const fields = sql.raw('id, title, city_id, published, description');
    const r = await sql<HitRow>`
      with near_cities as (
        select id, word_similarity(${q}, name_key) as sim from cities
        where ${sql.raw(pgWords('name'))} @@ ${query} or ${q} <% name_key
        limit 100
      ),
      candidates as (
        (select ${fields} from guide_search where published
          and lower(title) >= ${q} and lower(title) < ${q + '\uffff'} ${inPlace}
          order by lower(title), id limit ${limit})
        union (select ${fields} from guide_search where ${titleWords} @@ ${query} ${inPlace}
          limit ${POOL})
        union (select ${fields} from guide_search where published
          and city_id = any(array(select id from near_cities)) ${inPlace} limit ${POOL})
        union (select ${fields} from guide_search where ${descWords} @@ ${query} ${inPlace}
          limit ${POOL})
      ),
      scored as (
        select g.id, g.title, g.description, count(*) over () as total,
          lower(g.title) = ${q} as exact, strpos(lower(g.title), ${q}) = 1 as prefix,
          3 * word_similarity(${q}, lower(g.title)) + 2 * coalesce(nc.sim, 0) as near
        from candidates g left join near_cities nc on nc.id = g.city_id
        where g.published
      ),
      -- The description's similarity is the costly part of the score and adds at most 0.5: only
      -- guides whose score could still reach the limit-th best without it are scored with it
      -- (the same first rows, in the same order, as scoring every candidate).
      cut as (
        select exact, prefix, near from scored
        order by exact desc, prefix desc, near desc limit 1 offset ${limit - 1}
      ),
      ranked as (
        select id, total, row_number() over (order by exact desc, prefix desc,
          near + 0.5 * word_similarity(${q}, lower(description)) desc, lower(title), id) as pos
        from scored
        where not exists (select 1 from cut)
          or (exact, prefix, near + 0.5) >= (select exact, prefix, near from cut)
        order by pos limit ${limit}
      ),
      -- Titles within a typo while the candidates are fewer than asked (LIMIT 0 reads nothing).
      typos as (
        select id, word_similarity(${q}, lower(title)) as sim, lower(title) as title_key
        from guide_search
        where published and ${q} <% lower(title) and id not in (select id from ranked) ${inPlace}
        order by sim desc, title_key, id
        limit greatest(${limit} - (select count(*) from ranked), 0)
      ),
      hits as (
        select id, pos, total + (select count(*) from typos) as total from ranked
        union all
        select id, ${limit} + row_number() over (order by sim desc, title_key, id),
          coalesce((select max(total) from ranked), 0) + (select count(*) from typos)
        from typos
      )
      ${rows}`.execute(db);
    // Candidates counted: every match while a lookup stops short of its pool, else ≥ POOL.
    return toHits(r.rows);
  }

  /**
   * SQLite FTS5 with the trigram tokenizer: the query is one phrase, found anywhere in title,
   * city or description opening (any case, no typo tolerance), ranked by bm25 with the weights.
   */
  async function sqlite(q: string, limit: number, place: SearchPlace): Promise<SearchHits> {
    const inPlace = placed(place, sql`g.city_id in (${placeCities(place)})`);
    const phrase = `"${q.replace(/"/g, '""')}"`;
    // bm25() may not share a query with a window function: ranked first, counted after.
    const r = await sql<HitRow>`
      with matched as (
        select rowid as id, bm25(guide_search, 3.0, 2.0, 0.5) as rank
        from guide_search where guide_search match ${phrase}
      ),
      hits as (
        select g.id, count(*) over () as total, row_number() over (order by
          lower(g.title) = ${q} desc, instr(lower(g.title), ${q}) = 1 desc, m.rank,
          lower(g.title), g.id) as pos
        from matched m join guides g on g.id = m.id
        where g.status = 'data' ${inPlace}
        order by pos limit ${limit}
      )
      ${rows}`.execute(db);
    return toHits(r.rows);
  }

  /** `q` is trimmed, at least 3 characters (the route's schema); compared in lower case. */
  return (q: string, limit: number, place: SearchPlace = {}): Promise<SearchHits> =>
    dialect === 'postgres'
      ? postgres(q.toLowerCase(), limit, place)
      : sqlite(q.toLowerCase(), limit, place);
}
