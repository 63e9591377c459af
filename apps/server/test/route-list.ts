import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { LIMIT_TABLES } from '../src/modules/limits/repository.js';

export type Route = { path: string; methods: string[] };

/**
 * The app's routes, from its own route tree (printRoutes without common prefixes): a route
 * added anywhere is fuzzed and probed without editing a test.
 */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (depth ? stack[depth - 1]! : '') + m[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    if (m[3]) routes.push({ path: full, methods: m[3].split(', ') });
  }
  return routes;
}

/**
 * A digest of every table's rows: equal before and after a call that must write nothing. The
 * shared limits' tables are left out: every write is counted there, refused or not.
 */
export async function tableDigest(db: Kysely<Database>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await db.introspection.getTables()) {
    if ((LIMIT_TABLES as readonly string[]).includes(t.name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(
      db,
    );
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    out[t.name] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return out;
}
