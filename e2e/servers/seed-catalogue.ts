// Fills DATA_DIR's fresh database with a large catalogue (more than FULL_LIST_MAX guides, so
// the server pages, searches and clusters: docs/scale-out.md §3) through the server's own
// database layer: CATALOGUE_GUIDES guides (default 4,000) in 208 cities, 8 per letter of the
// alphabet, over 13 states, placed over the United States. Deterministic, so a test can
// compute what each list shows. Used by tests/large-catalogue.spec.ts (helpers/catalogue-server.ts).
import { seedGivenCatalogue } from '../../apps/server/test/support/catalogue-writer.js';

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
  const cities = Array.from({ length: CATALOGUE_CITIES }, (_, c) => catalogueCity(c));
  const guides = Array.from({ length: count }, (_, i) => {
    const c = i % CATALOGUE_CITIES;
    return {
      token: `cat-${i}`,
      title: i === CATALOGUE_HERON ? 'Heron Quarry Sculpture Trail' : `Lantern walk ${i}`,
      description: `<p>Walk ${i} of a large catalogue.</p>`,
      city: c,
      // Within a few hundred metres of the city's centre.
      centroid_lat: cities[c]!.lat + ((i * 7) % 11) / 1000,
      centroid_lng: cities[c]!.lng + ((i * 13) % 17) / 1000,
      num_pois: 2 + (i % 9),
    };
  });
  await seedGivenCatalogue(dataDir, cities, guides);
}

if (process.argv[1]?.endsWith('seed-catalogue.ts')) {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error('Set DATA_DIR');
  const count = Number(process.env.CATALOGUE_GUIDES ?? CATALOGUE_GUIDES);
  await seedCatalogue(dir, count);
  console.log(`Seeded ${count} guides in ${CATALOGUE_CITIES} cities into ${dir}`);
}
