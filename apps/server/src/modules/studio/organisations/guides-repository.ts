import type { Kysely } from 'kysely';
import {
  guideTokenOfDraftKey,
  type DraftGuideEntry,
  type PublishedGuideEntry,
} from '@earshot/core';
import type { Database } from '../../../db/schema.js';
import { DEFAULT_ORGANISATION_SLUG } from '../access/access-repository.js';

/** The title a draft document gives its guide (a draft may be half written: null if none). */
function draftTitle(document: string): string | null {
  try {
    const title = (JSON.parse(document) as { guide?: { title?: unknown } }).guide?.title;
    return typeof title === 'string' && title.trim() ? title : null;
  } catch {
    return null;
  }
}

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
     * The organisation's drafts (guide_drafts): the title the draft gives the guide, its last
     * save and who made it; `changed` when it is not the revision last published.
     */
    async drafts(organisationId: number): Promise<DraftGuideEntry[]> {
      const rows = await db
        .selectFrom('guide_drafts as d')
        .leftJoin('users as u', 'u.id', 'd.updated_by')
        .select([
          'd.guide_token',
          'd.document',
          'd.revision',
          'd.published_revision',
          'd.updated_at',
          'u.name as updated_by',
        ])
        .where('d.organisation_id', '=', organisationId)
        .execute();
      return rows.map((r) => ({
        token: guideTokenOfDraftKey(r.guide_token),
        title: draftTitle(r.document) ?? guideTokenOfDraftKey(r.guide_token),
        updated_at: r.updated_at,
        updated_by: r.updated_by,
        changed: r.published_revision !== r.revision,
      }));
    },
  };
}

export type StudioGuidesRepository = ReturnType<typeof studioGuidesRepository>;
