import { FULL_LIST_MAX } from '@earshot/core';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { writeCatalogue } from './support/catalogue-writer.js';

/** Guides written for the large-catalogue tests: above FULL_LIST_MAX, small enough to be quick. */
export const TEST_GUIDES = FULL_LIST_MAX + 300;

/**
 * An app on a large catalogue: the fixture bundle through the importer, then generated guides
 * (`options`: the app's, as makeEnv takes them).
 */
export async function makeCatalogueEnv(
  options: Parameters<typeof makeEnv>[0] = {},
): Promise<TestEnv> {
  const env = await makeEnv(options);
  await importFixture(env);
  await writeCatalogue(env.handle.db, {
    guides: TEST_GUIDES,
    stopsPerGuide: 1,
    citiesPerState: 3,
  });
  return env;
}

/** Published guides' keys straight from the database (what the pages must cover). */
export async function publishedKeys(env: TestEnv) {
  return env.handle.db
    .selectFrom('guides as g')
    .innerJoin('cities as c', 'c.id', 'g.city_id')
    .select([
      'g.id',
      'g.token',
      'g.title',
      'g.city_id',
      'c.state_key',
      'c.name_key',
      'g.centroid_lat',
      'g.centroid_lng',
    ])
    .where('g.status', '=', 'data')
    .execute();
}
