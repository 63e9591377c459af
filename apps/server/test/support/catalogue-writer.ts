// A generated catalogue written through the database layer (Kysely on SQLite or PostgreSQL),
// deterministic for a seed: cities over every US state, guides with titles, descriptions,
// places and languages, stops with an English text. Used by the catalogue API tests (a few
// thousand guides) and by bench/generate-catalogue.ts (100,000 guides, 1,000,000 stops). Also
// a catalogue given row by row (writeGivenCatalogue), for the e2e servers' seeds.
import type { Insertable } from 'kysely';
import { openDatabase, type Db } from '../../src/db/database.js';
import type { GuidesTable } from '../../src/db/schema.js';
import { migrateAll } from '../../src/migrate-all.js';
import { bumpContentVersion } from '../../src/modules/content/version-repository.js';

export const STATES = (
  'Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia ' +
  'Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts ' +
  'Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada New_Hampshire New_Jersey ' +
  'New_Mexico New_York North_Carolina North_Dakota Ohio Oklahoma Oregon Pennsylvania ' +
  'Rhode_Island South_Carolina South_Dakota Tennessee Texas Utah Vermont Virginia Washington ' +
  'West_Virginia Wisconsin Wyoming District_of_Columbia'
)
  .split(' ')
  .map((s) => s.replace(/_/g, ' '));

const SYLLABLES =
  'ash bel cor dal el fen glen har is jun kel lin mar nor oak pine quin ros sal tam ur val wes yar'.split(
    ' ',
  );
const CITY_ENDS = [
  'ville',
  'ton',
  ' Falls',
  ' Springs',
  'burg',
  'field',
  ' City',
  'port',
  'wood',
  '',
];
const ADJECTIVES =
  'Bronze Hidden Historic Golden Quiet Painted Old New Secret Iron Riverside Grand Little Northern Southern Eastern Western Silver Ancient Modern'.split(
    ' ',
  );
const NOUNS =
  'Murals Sculptures Bridges Gardens Fountains Monuments Lanterns Markets Towers Alleys Harbors Statues Mosaics Chapels Mills Railways Theatres Parks Squares Docks'.split(
    ' ',
  );
const KINDS = ['Walk', 'Tour', 'Trail', 'Stroll', 'Ride', 'Route'];
const WORDS =
  'river art walk mural bronze steel history park bridge garden fountain stone glass lantern harbor market plaza tower street alley hill lake artist century founded built carved painted restored famous local families workers immigrants railroad canal mill factory church square museum gallery library school theatre festival memorial veterans pioneer frontier gold silver copper timber fishing farming orchard vineyard prairie canyon mesa desert forest meadow island shore beach dune cliff valley'.split(
    ' ',
  );

export type CatalogueSize = {
  guides: number;
  /** Stops per guide. */
  stopsPerGuide: number;
  /** Cities per state (every state gets them). */
  citiesPerState: number;
  seed?: number;
  /** Rows per INSERT statement. */
  batch?: number;
};

/** Park–Miller: the same numbers for the same seed on every machine. */
function random(seed: number) {
  let s = seed % 2147483647 || 1;
  return (n: number) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

export type WrittenCatalogue = { cities: number; guides: number; stops: number };

/** Writes the catalogue in batched transactions; `progress` hears each finished batch. */
export async function writeCatalogue(
  db: Db,
  size: CatalogueSize,
  progress?: (guidesDone: number) => void,
): Promise<WrittenCatalogue> {
  const rnd = random(size.seed ?? 7);
  const pick = <T>(list: readonly T[]) => list[rnd(list.length)]!;
  const batch = size.batch ?? 500;

  const cities: { id: number; name: string; lat: number; lng: number }[] = [];
  await db.transaction().execute(async (trx) => {
    for (const state of STATES) {
      // Each state a spot of the map; its cities around it.
      const sLat = 26 + rnd(2200) / 100;
      const sLng = -124 + rnd(5500) / 100;
      const names = new Set<string>();
      while (names.size < size.citiesPerState) {
        const raw = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(CITY_ENDS)}`;
        names.add(raw.charAt(0).toUpperCase() + raw.slice(1));
      }
      const rows = [...names].map((name) => ({
        name,
        name_key: name.toLowerCase(),
        state,
        state_key: state.toLowerCase(),
      }));
      const ids = await trx.insertInto('cities').values(rows).returning(['id', 'name']).execute();
      for (const r of ids)
        cities.push({
          id: r.id,
          name: r.name,
          lat: sLat + (rnd(400) - 200) / 100,
          lng: sLng + (rnd(400) - 200) / 100,
        });
    }
  });

  let stops = 0;
  for (let start = 0; start < size.guides; start += batch) {
    const count = Math.min(batch, size.guides - start);
    await db.transaction().execute(async (trx) => {
      const guides = Array.from({ length: count }, (_, k) => {
        const n = start + k;
        const city = pick(cities);
        const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(KINDS)} ${n}`;
        const words = Array.from({ length: 24 }, () => pick(WORDS)).join(' ');
        return {
          row: {
            token: `cat-${n}`,
            title,
            description: `<p>${words.charAt(0).toUpperCase()}${words.slice(1)} in ${city.name}.</p>`,
            city_id: city.id,
            centroid_lat: city.lat + (rnd(1000) - 500) / 10000,
            centroid_lng: city.lng + (rnd(1000) - 500) / 10000,
            num_pois: size.stopsPerGuide,
          },
          city,
        };
      });
      const ids = await trx
        .insertInto('guides')
        .values(guides.map((g) => g.row))
        .returning(['id', 'token'])
        .execute();
      const idOf = new Map(ids.map((r) => [r.token, r.id]));
      await trx
        .insertInto('guide_languages')
        .values(ids.map((r) => ({ guide_id: r.id, code: 'en', label: 'English', position: 0 })))
        .execute();
      const pois = guides.flatMap((g) =>
        Array.from({ length: size.stopsPerGuide }, (_, i) => ({
          guide_id: idOf.get(g.row.token)!,
          token: `${g.row.token}-s${i}`,
          lat: g.row.centroid_lat + (rnd(200) - 100) / 100000,
          lng: g.row.centroid_lng + (rnd(200) - 100) / 100000,
          position: i,
        })),
      );
      for (let i = 0; i < pois.length; i += batch) {
        const part = pois.slice(i, i + batch);
        const poiIds = await trx.insertInto('pois').values(part).returning('id').execute();
        await trx
          .insertInto('poi_translations')
          .values(
            poiIds.map((p) => ({
              poi_id: p.id,
              language: 'en',
              title: `The ${pick(WORDS)} ${pick(WORDS)}`,
            })),
          )
          .execute();
      }
      stops += pois.length;
    });
    progress?.(start + count);
  }
  // Content changed: response caches of running nodes must not answer the old lists.
  await bumpContentVersion(db);
  return { cities: cities.length, guides: size.guides, stops };
}

/** A guide given row by row: `city` is the index of its city in the list given with it. */
export type GivenGuide = Omit<Insertable<GuidesTable>, 'city_id'> & { city: number };

/**
 * Writes these cities and guides as they are given (a deterministic catalogue a test computes
 * its lists from: e2e/servers/seed-*.ts), into a database that holds no guide yet, in one
 * transaction.
 */
export async function writeGivenCatalogue(
  db: Db,
  cities: readonly { name: string; state: string }[],
  guides: readonly GivenGuide[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if ((await trx.selectFrom('guides').select('id').limit(1).execute()).length > 0)
      throw new Error('the database already holds guides');
    const ids: number[] = [];
    for (const { name, state } of cities) {
      const row = await trx
        .insertInto('cities')
        .values({ name, name_key: name.toLowerCase(), state, state_key: state.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const rows = guides.map(({ city, ...guide }) => ({ ...guide, city_id: ids[city]! }));
    for (let i = 0; i < rows.length; i += 250)
      await trx
        .insertInto('guides')
        .values(rows.slice(i, i + 250))
        .execute();
  });
  await bumpContentVersion(db);
}

/** Fills DATA_DIR's fresh SQLite database (migrated first) with a given catalogue. */
export async function seedGivenCatalogue(
  dataDir: string,
  cities: readonly { name: string; state: string }[],
  guides: readonly GivenGuide[],
): Promise<void> {
  const handle = openDatabase({ dataDir });
  try {
    await migrateAll(handle);
    await writeGivenCatalogue(handle.db, cities, guides);
  } finally {
    await handle.db.destroy();
  }
}
