// Fills DATA_DIR's fresh database with 2,000 guides in 50 cities through the server's own
// database layer, for the tests of the search over a large list (above the worker threshold).
// Run before `node apps/server/dist/main.js` with DEMO_CONTENT=0 (see playwright.config.ts).
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateAll } from '../../apps/server/src/migrate-all.js';

/** FULL_LIST_MAX: the largest catalogue still small (whole list on the client, docs/scale-out.md §3). */
export const MANY_GUIDES = 2000;
export const MANY_CITIES = 50;
/** The one guide a fuzzy 'heron quary' must find among the lantern walks. */
export const HERON_INDEX = 1222;

export async function seedManyGuides(dataDir: string): Promise<void> {
  const handle = openDatabase({ dataDir });
  await migrateAll(handle);
  await handle.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('guides').select('id').limit(1).execute();
    if (existing.length > 0) throw new Error(`${dataDir} already holds guides`);
    const cityIds: number[] = [];
    for (let c = 0; c < MANY_CITIES; c++) {
      const name = `Town ${c}`;
      const row = await trx
        .insertInto('cities')
        .values({ name, name_key: name.toLowerCase(), state: 'Oregon', state_key: 'oregon' })
        .returning('id')
        .executeTakeFirstOrThrow();
      cityIds.push(row.id);
    }
    const rows = Array.from({ length: MANY_GUIDES }, (_, i) => ({
      token: `g-${i}`,
      title: i === HERON_INDEX ? 'Heron Quarry Sculpture Trail' : `Lantern walk ${i}`,
      description: `<p>Stop ${i} of a long list.</p>`,
      city_id: cityIds[i % MANY_CITIES]!,
      centroid_lat: 45 + (i % 50) / 100,
      centroid_lng: -122 - Math.floor(i / 50) / 100,
      num_pois: 3,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await trx
        .insertInto('guides')
        .values(rows.slice(i, i + 250))
        .execute();
  });
  await handle.db.destroy();
}

if (process.argv[1]?.endsWith('seed-many-guides.ts')) {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error('Set DATA_DIR');
  await seedManyGuides(dir);
  console.log(`Seeded ${MANY_GUIDES} guides in ${MANY_CITIES} cities into ${dir}`);
}
