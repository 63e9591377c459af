import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './common.js';

/*
 * The large catalogue (docs/scale-out.md §3, decision 0017): indexes for keyset paging, map
 * clusters and the search engine of each database. The search tables follow every write to `guides`
 * by themselves (triggers), so the importer, the studio's publish and previews, and the bench
 * generator need no extra step.
 */

/** Characters of the description the search reads (SPEC §9: Fuse matches near a field's start). */
export const SEARCH_DESCRIPTION_CHARS = 80;

/** A field's words for PostgreSQL full text (the `simple` configuration: no stemming, no stop words). */
export const pgWords = (field: string) => `to_tsvector('simple'::regconfig, ${field})`;

/** The description as plain lower-case text, its opening the ranking reads (120 characters). */
const plainDescription = (row: string) =>
  `lower(left(btrim(regexp_replace(${row}.description, '<[^>]*>', ' ', 'g')), 120))`;

/**
 * PostgreSQL's search table (decision 0017): one narrow row per guide — published or not, title,
 * city, the description's opening as plain text — kept by a trigger on every write to `guides`
 * (deleted with it), so its word and trigram indexes answer a keystroke from a few dense pages
 * instead of the wide guide rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function pgSearchTable(db: Kysely<any>) {
  // A trusted extension since PostgreSQL 13: the database's owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create table guide_search (
      id integer primary key references guides (id) on delete cascade,
      published boolean not null,
      title text not null,
      city_id integer not null,
      description text not null
    )`.execute(db);
  await sql
    .raw(
      `create function guide_search_sync() returns trigger language plpgsql as $$
      begin
        insert into guide_search (id, published, title, city_id, description)
        values (new.id, new.status = 'data', new.title, new.city_id, ${plainDescription('new')})
        on conflict (id) do update set published = excluded.published, title = excluded.title,
          city_id = excluded.city_id, description = excluded.description;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger guide_search_sync after insert or update of status, title, city_id, description
      on guides for each row execute function guide_search_sync()`.execute(db);
  await sql
    .raw(
      `insert into guide_search (id, published, title, city_id, description)
       select g.id, g.status = 'data', g.title, g.city_id, ${plainDescription('g')} from guides g`,
    )
    .execute(db);
  // Word-prefix lookups of title and description opening (one keystroke = one index lookup),
  // titles in order for "starts with", trigrams of titles and city names for typos.
  await sql
    .raw(`create index guide_search_title_words on guide_search using gin (${pgWords('title')})`)
    .execute(db);
  await sql
    .raw(
      `create index guide_search_description_words on guide_search using gin (${pgWords(`left(description, ${SEARCH_DESCRIPTION_CHARS})`)})`,
    )
    .execute(db);
  await sql`create index guide_search_title_key on guide_search (lower(title), id) where published`.execute(
    db,
  );
  await sql`create index guide_search_title_trgm on guide_search using gin (lower(title) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index guide_search_city on guide_search (city_id) where published`.execute(db);
  await sql
    .raw(`create index cities_name_words_idx on cities using gin (${pgWords('name')})`)
    .execute(db);
  await sql`create index cities_name_trgm_idx on cities using gin (name_key gin_trgm_ops)`.execute(
    db,
  );
}

// SQLite has no regular expressions: the tags the bundle format's descriptions hold become spaces.
const TAGS = ['<p>', '</p>', '<br>', '<br/>', '<br />', '<em>', '</em>', '<strong>', '</strong>'];
const sqliteDescription = (column: string) =>
  TAGS.reduce((e, t) => `replace(${e}, '${t}', ' ')`, `substr(${column}, 1, 400)`);
const sqliteRow = (g: string) =>
  `${g}.id, ${g}.title, (select name from cities where id = ${g}.city_id), ` +
  `substr(trim(${sqliteDescription(`${g}.description`)}), 1, ${SEARCH_DESCRIPTION_CHARS})`;

export function catalogueMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Keyset paging walks cities in group order, then a city's published guides by title;
      // map clusters read places and tokens from an index alone (no wide guide rows).
      await db.schema
        .createIndex('cities_state_order_idx')
        .on('cities')
        .columns(['state_key', 'name_key', 'id'])
        .execute();
      await db.schema
        .createIndex('cities_city_order_idx')
        .on('cities')
        .columns(['name_key', 'state_key', 'id'])
        .execute();
      await sql`create index guides_city_title_idx on guides (city_id, lower(title), id) where status = 'data'`.execute(
        db,
      );
      await sql`create index guides_centroid_idx on guides (centroid_lat, centroid_lng, token) where status = 'data'`.execute(
        db,
      );

      if (dialect === 'postgres') {
        await pgSearchTable(db);
        return;
      }

      await sql`create virtual table guide_search using fts5(title, city, description, tokenize = 'trigram')`.execute(
        db,
      );
      await sql
        .raw(
          `insert into guide_search (rowid, title, city, description) select ${sqliteRow('g')} from guides g`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger guide_search_insert after insert on guides begin
             insert into guide_search (rowid, title, city, description) select ${sqliteRow('new')};
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger guide_search_update after update of title, description, city_id on guides begin
             delete from guide_search where rowid = old.id;
             insert into guide_search (rowid, title, city, description) select ${sqliteRow('new')};
           end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger guide_search_delete after delete on guides begin
             delete from guide_search where rowid = old.id;
           end`,
        )
        .execute(db);
    },
  };
}
