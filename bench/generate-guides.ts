// Fills a fresh database with N generated guides (default 10,000) in a few hundred cities,
// straight through the server's own database layer. Used by run.ts; also runnable alone:
//   DATA_DIR=/tmp/earshot-10k npx tsx bench/generate-guides.ts 10000
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateAll } from '../apps/server/src/migrate-all.js';

const WORDS =
  'river art walk mural bronze steel history park bridge garden fountain stone glass lantern harbor market plaza tower street alley hill lake'.split(
    ' ',
  );
const STATES = [
  'Oregon',
  'Washington',
  'California',
  'Texas',
  'Illinois',
  'Colorado',
  'Massachusetts',
  'New York',
  'Georgia',
  'Arizona',
];

export async function generateGuides(dataDir: string, count: number): Promise<void> {
  const handle = openDatabase({ dataDir });
  await migrateAll(handle);
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 16807) % 2147483647;
    return seed % n;
  };
  const word = () => WORDS[rnd(WORDS.length)]!;
  await handle.db.transaction().execute(async (trx) => {
    const cityIds: number[] = [];
    for (let c = 0; c < 400; c++) {
      const name = `${word()[0]!.toUpperCase()}${word().slice(1)}ville ${c}`;
      const state = STATES[c % STATES.length]!;
      const row = await trx
        .insertInto('cities')
        .values({ name, name_key: name.toLowerCase(), state, state_key: state.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      cityIds.push(row.id);
    }
    for (let i = 0; i < count; i += 500) {
      const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
        const n = i + k;
        const title = `${word()} ${word()} walk ${n}`.replace(/^./, (s) => s.toUpperCase());
        return {
          token: `bench-${n}`,
          title,
          description: `<p>${Array.from({ length: 30 }, word).join(' ')}.</p>`,
          city_id: cityIds[rnd(cityIds.length)]!,
          centroid_lat: -60 + rnd(12000) / 100,
          centroid_lng: -180 + rnd(36000) / 100,
          num_pois: 3 + rnd(20),
        };
      });
      await trx.insertInto('guides').values(rows).execute();
    }
  });
  await handle.db.destroy();
}

if (process.argv[1]?.endsWith('generate-guides.ts')) {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error('Set DATA_DIR');
  await generateGuides(dir, Number(process.argv[2] ?? 10000));
  console.log(`Generated guides in ${dir}`);
}
