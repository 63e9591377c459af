// Fills DATA_DIR's fresh database with a large catalogue (more than FULL_LIST_MAX guides, so
// the server pages, searches and clusters: docs/scale-out.md §3) through the server's own
// database layer: CATALOGUE_GUIDES guides (default 4,000) in 208 cities, 8 per letter of the
// alphabet, over 13 states, placed over the United States. Deterministic, so a test can
// compute what each list shows. Used by tests/large-catalogue.spec.ts (helpers/catalogue-server.ts).
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateAll } from '../../apps/server/src/migrate-all.js';

export const CATALOGUE_GUIDES = 4000;
/** State names of different first letters, so the alphabet bar has letters in both orders. */
export const CATALOGUE_STATES = [
  'Alabama',
  'California',
  'Delaware',
  'Florida',
  'Georgia',
  'Idaho',
  'Kansas',
  'Maine',
  'Nevada',
  'Oregon',
  'Texas',
  'Utah',
  'Wyoming',
];
const WORDS =
  'Alder Birch Cedar Dogwood Elm Fir Ginkgo Hazel Ironwood Juniper Kapok Larch Maple Nutmeg Oak Pine Quince Redwood Spruce Tamarack Upas Viburnum Walnut Xylosma Yew Zelkova'.split(
    ' ',
  );
const ENDS = ['Falls', 'Hollow', 'Ridge', 'Springs', 'Crossing', 'Harbor', 'Meadows', 'Point'];
/** City `c`: the word of its letter and an ending, in the state `c mod 13`. */
export const catalogueCity = (c: number) => ({
  name: `${WORDS[Math.floor(c / ENDS.length)]!} ${ENDS[c % ENDS.length]!}`,
  state: CATALOGUE_STATES[c % CATALOGUE_STATES.length]!,
  lat: 30 + (c % 16) * 1.1,
  lng: -122 + Math.floor(c / 16) * 3.8,
});
export const CATALOGUE_CITIES = WORDS.length * ENDS.length;
/** The one guide a search for 'heron quarry' finds. */
export const CATALOGUE_HERON = 3210;

export async function seedCatalogue(dataDir: string, count = CATALOGUE_GUIDES): Promise<void> {
  const handle = openDatabase({ dataDir });
  await migrateAll(handle);
  await handle.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('guides').select('id').limit(1).execute();
    if (existing.length > 0) throw new Error(`${dataDir} already holds guides`);
    const ids: number[] = [];
    for (let c = 0; c < CATALOGUE_CITIES; c++) {
      const { name, state } = catalogueCity(c);
      const row = await trx
        .insertInto('cities')
        .values({ name, name_key: name.toLowerCase(), state, state_key: state.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const rows = Array.from({ length: count }, (_, i) => {
      const c = i % CATALOGUE_CITIES;
      const city = catalogueCity(c);
      return {
        token: `cat-${i}`,
        title: i === CATALOGUE_HERON ? 'Heron Quarry Sculpture Trail' : `Lantern walk ${i}`,
        description: `<p>Walk ${i} of a large catalogue.</p>`,
        city_id: ids[c]!,
        // Within a few hundred metres of the city's centre.
        centroid_lat: city.lat + ((i * 7) % 11) / 1000,
        centroid_lng: city.lng + ((i * 13) % 17) / 1000,
        num_pois: 2 + (i % 9),
      };
    });
    for (let i = 0; i < rows.length; i += 250)
      await trx
        .insertInto('guides')
        .values(rows.slice(i, i + 250))
        .execute();
  });
  await handle.db.destroy();
}

if (process.argv[1]?.endsWith('seed-catalogue.ts')) {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error('Set DATA_DIR');
  const count = Number(process.env.CATALOGUE_GUIDES ?? CATALOGUE_GUIDES);
  await seedCatalogue(dir, count);
  console.log(`Seeded ${count} guides in ${CATALOGUE_CITIES} cities into ${dir}`);
}
