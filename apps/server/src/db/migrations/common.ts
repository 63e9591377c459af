import { sql, type CreateTableBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * What the migrations write differently per database: the auto-increment primary key and the
 * current time as ISO text. Everything else uses portable column types.
 */
export function dialectSql(dialect: Dialect) {
  return {
    withId: <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'serial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    now:
      dialect === 'postgres'
        ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
        : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  };
}

/** The key a foreign key refers to. */
export const fk = (table: string) => `${table}.id`;
