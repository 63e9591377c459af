import type { ColumnType } from 'kysely';

/**
 * The words schema.ts describes the tables with (docs/decisions/0020): each column is a family,
 * may be null or not, and has a database default (may be left out of an insert) or not. The
 * Kysely types are derived from the description, and test/db-schema.test.ts checks it against
 * the migrated SQLite and PostgreSQL databases.
 */
export type Family = 'text' | 'json' | 'integer' | 'real' | 'boolean' | 'timestamp';

/** What the drivers give for each family (better-sqlite3, and pg with openDatabase's parsers). */
type Value = {
  text: string;
  /** JSON kept as text: the code parses and writes it. */
  json: string;
  integer: number;
  real: number;
  /** 0/1 from SQLite, true/false from PostgreSQL (better-auth's users.email_verified). */
  boolean: number | boolean;
  /** ISO text from SQLite, a Date from PostgreSQL (better-auth's dates). */
  timestamp: Date | string;
};

/**
 * The types each family may have in the migrated databases: SQLite's declared type (PRAGMA
 * table_info) and PostgreSQL's type name (pg_type.typname), as Kysely's introspection reports
 * them. SQLite has no boolean or timestamp: better-auth keeps 0/1 integers and ISO text in
 * `integer` and `date` columns there.
 */
export const SQL_TYPES: Record<Family, { sqlite: RegExp; postgres: RegExp }> = {
  text: { sqlite: /^(text|varchar\(\d+\))$/i, postgres: /^(text|varchar)$/ },
  json: { sqlite: /^text$/i, postgres: /^text$/ },
  integer: { sqlite: /^(integer|bigint)$/i, postgres: /^(int4|int8)$/ },
  real: { sqlite: /^double precision$/i, postgres: /^float8$/ },
  boolean: { sqlite: /^integer$/i, postgres: /^bool$/ },
  timestamp: { sqlite: /^date$/i, postgres: /^timestamptz$/ },
};

export type Column<
  F extends Family = Family,
  N extends boolean = boolean,
  D extends boolean = boolean,
> = {
  readonly family: F;
  readonly nullable: N;
  /** The database fills it when an insert leaves it out (a default, or a generated key). */
  readonly hasDefault: D;
};

type Columns<F extends Family> = Column<F, false, false> & {
  /** May be null (no default: null when left out). */
  readonly orNull: Column<F, true, false>;
  /** Not null, with a default. */
  readonly withDefault: Column<F, false, true>;
};

const family = <F extends Family>(f: F): Columns<F> => ({
  family: f,
  nullable: false,
  hasDefault: false,
  orNull: { family: f, nullable: true, hasDefault: false },
  withDefault: { family: f, nullable: false, hasDefault: true },
});

export const text = family('text');
export const json = family('json');
export const integer = family('integer');
export const real = family('real');
export const boolean = family('boolean');
export const timestamp = family('timestamp');
/** An auto-increment integer key (SQLite autoincrement, PostgreSQL serial). */
export const id = integer.withDefault;

export type Table = Record<string, Column>;

type Selected<C> =
  C extends Column<infer F, infer N> ? Value[F] | (N extends true ? null : never) : never;

/** A table's Kysely type: a column with a default may be left out of an insert. */
export type Row<T extends Table> = {
  [K in keyof T]: T[K] extends Column<Family, boolean, true>
    ? ColumnType<Selected<T[K]>, Selected<T[K]> | undefined, Selected<T[K]>>
    : Selected<T[K]>;
};
