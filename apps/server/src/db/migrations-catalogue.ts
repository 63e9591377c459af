import { sql, type Kysely, type Migration } from 'kysely';
import { pgSearchTable, SEARCH_DESCRIPTION_CHARS } from './migrations-catalogue-pg.js';

/** The database kind (as migrations.ts's Dialect; not imported, which would be a cycle). */
type Dialect = 'sqlite' | 'postgres';

/*
 * The large catalogue (issue 21, docs/scale-out.md §3, docs/decisions/0015): indexes for keyset
 * paging, map clusters and the search engine of each database. The search tables follow every
 * write to `guides` by themselves (triggers), so the importer, the studio's publish and
 * previews, and the bench generator need no extra step.
 */

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
      // Keyset paging walks cities in group order, then a city's published guides by title.
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
      await sql`create index guides_centroid_idx on guides (centroid_lat, centroid_lng) where status = 'data'`.execute(
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
