import type { Kysely, Migration } from 'kysely';

/**
 * WCAG 1.2.1: the text alternative of each POI audio, per language (null: none given).
 */
export const poiTranscriptsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('poi_translations').addColumn('transcript', 'text').execute();
  },
};
