import type { Kysely, Migration } from 'kysely';

/**
 * Alt text of a stop's pictures, in their order (a JSON array; null when none is written).
 */
export const poiImageAltsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('pois').addColumn('image_alts', 'text').execute();
  },
};
