import type { Kysely } from 'kysely';
import type { DraftGuideEntry, PublishedGuideEntry } from '@earshot/core';
import type { Database } from '../../db/schema.js';
import { DEFAULT_ORGANISATION_SLUG } from './access-repository.js';

/** SQL of the studio's guide list (GET studio/guides?organisation=ID). */
export function studioGuidesRepository(db: Kysely<Database>) {
  return {
    /**
     * The organisation's published guides: those its owner rows name, and for the default
     * organisation also published guides without an owner row. Previews are nobody's.
     * `published_at` is when the importer last wrote the guide.
     */
    async published(organisationId: number): Promise<PublishedGuideEntry[]> {
      return db
        .selectFrom('guides as g')
        .leftJoin('guide_owners as o', 'o.guide_token', 'g.token')
        .select(['g.token', 'g.title', 'g.updated_at as published_at'])
        .where('g.status', '!=', 'preview')
        .where((eb) =>
          eb.or([
            eb('o.organisation_id', '=', organisationId),
            eb.and([
              eb('o.organisation_id', 'is', null),
              eb.exists(
                eb
                  .selectFrom('organisations as d')
                  .select('d.id')
                  .where('d.id', '=', organisationId)
                  .where('d.slug', '=', DEFAULT_ORGANISATION_SLUG),
              ),
            ]),
          ]),
        )
        .orderBy('g.title')
        .execute();
    },

    /**
     * The organisation's drafts. The drafts part (table guide_drafts, its own migration) fills
     * this in: select token, the document's guide title, updated_at and the saver's name from
     * guide_drafts joined to users, where organisation_id is this one. Until then: none.
     */
    async drafts(organisationId: number): Promise<DraftGuideEntry[]> {
      void organisationId;
      return [];
    },
  };
}

export type StudioGuidesRepository = ReturnType<typeof studioGuidesRepository>;
