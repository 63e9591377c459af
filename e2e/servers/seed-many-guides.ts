// Fills DATA_DIR's fresh database with 2,000 guides in 50 cities through the server's own
// database layer, for the tests of the search over a large list (above the worker threshold).
// Run before `node apps/server/dist/main.js` with DEMO_CONTENT=0 (see playwright.config.ts).
import { seedGivenCatalogue } from '../../apps/server/test/support/catalogue-writer.js';

/** FULL_LIST_MAX: the largest catalogue still small (whole list on the client, docs/scale-out.md §3). */
export const MANY_GUIDES = 2000;
export const MANY_CITIES = 50;
/** The one guide a fuzzy 'heron quary' must find among the lantern walks. */
export const HERON_INDEX = 1222;

export async function seedManyGuides(dataDir: string): Promise<void> {
  const cities = Array.from({ length: MANY_CITIES }, (_, c) => ({
    name: `Town ${c}`,
    state: 'Oregon',
  }));
  const guides = Array.from({ length: MANY_GUIDES }, (_, i) => ({
    token: `g-${i}`,
    title: i === HERON_INDEX ? 'Heron Quarry Sculpture Trail' : `Lantern walk ${i}`,
    description: `<p>Stop ${i} of a long list.</p>`,
    city: i % MANY_CITIES,
    centroid_lat: 45 + (i % 50) / 100,
    centroid_lng: -122 - Math.floor(i / 50) / 100,
    num_pois: 3,
  }));
  await seedGivenCatalogue(dataDir, cities, guides);
}

if (process.argv[1]?.endsWith('seed-many-guides.ts')) {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error('Set DATA_DIR');
  await seedManyGuides(dir);
  console.log(`Seeded ${MANY_GUIDES} guides in ${MANY_CITIES} cities into ${dir}`);
}
