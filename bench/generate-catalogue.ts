// The large catalogue (docs/scale-out.md §3): 100,000 guides and 1,000,000 stops (10 each) in 2,550
// cities (50 in each of the 50 states and DC), written through the server's database layer
// (apps/server/test/support/catalogue-writer.ts, the same writer the catalogue API tests use)
// in batched transactions, deterministic for its seed. Into PostgreSQL when DATABASE_URL is
// set, else SQLite in DATA_DIR; the database must hold no guides yet. Used by run.ts; alone:
//   DATABASE_URL=postgres://… npx tsx bench/generate-catalogue.ts [guides] [stops per guide]
//   DATA_DIR=/tmp/earshot-100k npx tsx bench/generate-catalogue.ts
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateAll } from '../apps/server/src/migrate-all.js';
import {
  writeCatalogue,
  type WrittenCatalogue,
} from '../apps/server/test/support/catalogue-writer.js';

export const CATALOGUE_GUIDES = 100_000;
export const CATALOGUE_STOPS_PER_GUIDE = 10;

export type GeneratedCatalogue = WrittenCatalogue & { seconds: number };

export async function generateCatalogue(opts: {
  databaseUrl?: string;
  dataDir: string;
  guides?: number;
  stopsPerGuide?: number;
  progress?: (line: string) => void;
}): Promise<GeneratedCatalogue> {
  const started = performance.now();
  const handle = openDatabase({
    databaseUrl: opts.databaseUrl || undefined,
    dataDir: opts.dataDir,
  });
  try {
    await migrateAll(handle);
    const existing = await handle.db
      .selectFrom('guides')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0)
      throw new Error(`The database already holds ${existing.n} guides: give an empty one`);
    const guides = opts.guides ?? CATALOGUE_GUIDES;
    let lastReport = 0;
    const written = await writeCatalogue(
      handle.db,
      {
        guides,
        stopsPerGuide: opts.stopsPerGuide ?? CATALOGUE_STOPS_PER_GUIDE,
        citiesPerState: 50,
        batch: 1000,
      },
      (done) => {
        if (done - lastReport >= 10_000 || done === guides) {
          lastReport = done;
          const s = (performance.now() - started) / 1000;
          opts.progress?.(`${done.toLocaleString('en')} guides written (${s.toFixed(0)} s)`);
        }
      },
    );
    // Fresh statistics, so the planner picks the new indexes at once (and on PostgreSQL the
    // visibility map a loaded database has after autovacuum, for index-only counts).
    await sql.raw(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    return { ...written, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.db.destroy();
  }
}

if (process.argv[1]?.endsWith('generate-catalogue.ts')) {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error('Set DATABASE_URL or DATA_DIR');
  const r = await generateCatalogue({
    databaseUrl,
    dataDir: dataDir ?? '.',
    guides: process.argv[2] ? Number(process.argv[2]) : undefined,
    stopsPerGuide: process.argv[3] ? Number(process.argv[3]) : undefined,
    progress: (line) => console.error(line),
  });
  console.log(
    `${r.guides.toLocaleString('en')} guides, ${r.stops.toLocaleString('en')} stops, ${r.cities.toLocaleString('en')} cities in ${r.seconds.toFixed(1)} s`,
  );
}
