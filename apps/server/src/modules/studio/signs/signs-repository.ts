import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export type SignRow = {
  code: string;
  poi_token: string;
  organisation_id: number;
  guide_token: string;
};

const columns = ['code', 'poi_token', 'organisation_id', 'guide_token'] as const;

/** SQL of signs' short links (sign_links) and the published stops they open. */
export function signsRepository(db: Kysely<Database>) {
  return {
    /** The links of these stops that exist. */
    async ofStops(poiTokens: readonly string[]): Promise<SignRow[]> {
      if (!poiTokens.length) return [];
      return db
        .selectFrom('sign_links')
        .select(columns)
        .where('poi_token', 'in', [...poiTokens])
        .execute();
    },

    /**
     * Adds links; one whose code or stop another request has taken meanwhile is left out
     * (the caller reads again and draws new codes for the stops still without one).
     */
    async add(rows: readonly SignRow[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('sign_links')
        .values([...rows])
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async byCode(code: string): Promise<SignRow | undefined> {
      return db
        .selectFrom('sign_links')
        .select(columns)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** The published guide holding the stop, when the organisation owns that guide. */
    async publishedStop(
      poiToken: string,
      organisationId: number,
    ): Promise<{ guide_token: string } | undefined> {
      return db
        .selectFrom('pois')
        .innerJoin('guides', 'guides.id', 'pois.guide_id')
        .innerJoin('guide_owners', 'guide_owners.guide_token', 'guides.token')
        .select('guides.token as guide_token')
        .where('pois.token', '=', poiToken)
        .where('guides.status', '=', 'data')
        .where('guide_owners.organisation_id', '=', organisationId)
        .executeTakeFirst();
    },

    /** A published guide's token and title, when the organisation owns it. */
    async publishedGuide(
      token: string,
      organisationId: number,
    ): Promise<{ token: string; title: string } | undefined> {
      return db
        .selectFrom('guides')
        .innerJoin('guide_owners', 'guide_owners.guide_token', 'guides.token')
        .select(['guides.token', 'guides.title'])
        .where('guides.token', '=', token)
        .where('guides.status', '=', 'data')
        .where('guide_owners.organisation_id', '=', organisationId)
        .executeTakeFirst();
    },

    /** The links of a published guide's stops (made by its owner), in tour order. */
    async ofPublishedGuide(token: string): Promise<{ poi_token: string; code: string }[]> {
      return db
        .selectFrom('guides')
        .innerJoin('guide_owners', 'guide_owners.guide_token', 'guides.token')
        .innerJoin('pois', 'pois.guide_id', 'guides.id')
        .innerJoin('sign_links', (j) =>
          j
            .onRef('sign_links.poi_token', '=', 'pois.token')
            .onRef('sign_links.organisation_id', '=', 'guide_owners.organisation_id'),
        )
        .select(['pois.token as poi_token', 'sign_links.code'])
        .where('guides.token', '=', token)
        .where('guides.status', '=', 'data')
        .orderBy('pois.position')
        .execute();
    },
  };
}
