import type { Db } from '../db/database.js';

/**
 * Reads of bundle import and export that the content repository does not already give
 * (rows in bundle order, hunts with what hangs off them, token owners). Writes of an import
 * stay in its one transaction (bundle-import.ts).
 */
export function bundleRepository(db: Db) {
  return {
    async hasGuides(): Promise<boolean> {
      return (await db.selectFrom('guides').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /** POIs or badges among `tokens` that belong to a guide other than `guideToken`. */
    async foreignTokens(table: 'pois' | 'badges', tokens: string[], guideToken: string) {
      if (!tokens.length) return [];
      return db
        .selectFrom(table)
        .innerJoin('guides', 'guides.id', `${table}.guide_id`)
        .select([`${table}.token as token`, 'guides.token as guide'])
        .where(`${table}.token`, 'in', tokens)
        .where('guides.token', '!=', guideToken)
        .execute();
    },

    /** Badge levels among `tokens` whose badge belongs to a guide other than `guideToken`. */
    async foreignLevelTokens(tokens: string[], guideToken: string) {
      if (!tokens.length) return [];
      return db
        .selectFrom('badge_levels')
        .innerJoin('badges', 'badges.id', 'badge_levels.badge_id')
        .innerJoin('guides', 'guides.id', 'badges.guide_id')
        .select(['badge_levels.token as token', 'guides.token as guide'])
        .where('badge_levels.token', 'in', tokens)
        .where('guides.token', '!=', guideToken)
        .execute();
    },

    /**
     * The published guides among `tokens` and the organisation owning each (its owner row, or
     * null for one imported before owners existed: the `default` organisation's).
     */
    async publishedOwners(tokens: string[]) {
      if (!tokens.length) return [];
      return db
        .selectFrom('guides')
        .leftJoin('guide_owners', 'guide_owners.guide_token', 'guides.token')
        .select(['guides.token as token', 'guide_owners.organisation_id as owner'])
        .where('guides.token', 'in', tokens)
        .where('guides.status', '=', 'data')
        .execute();
    },

    /** The POI, badge and level tokens the guide `guideToken` holds now. */
    async heldTokens(guideToken: string): Promise<Set<string>> {
      const guide = db.selectFrom('guides').select('id').where('token', '=', guideToken);
      const rows = await Promise.all([
        db.selectFrom('pois').select('token').where('guide_id', 'in', guide).execute(),
        db.selectFrom('badges').select('token').where('guide_id', 'in', guide).execute(),
        db
          .selectFrom('badge_levels')
          .innerJoin('badges', 'badges.id', 'badge_levels.badge_id')
          .select('badge_levels.token')
          .where('badges.guide_id', 'in', guide)
          .execute(),
      ]);
      return new Set(rows.flat().map((r) => r.token));
    },

    async levelsInOrder(badgeIds: number[]) {
      if (!badgeIds.length) return [];
      return db
        .selectFrom('badge_levels')
        .selectAll()
        .where('badge_id', 'in', badgeIds)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async hunts(guideId: number) {
      return db
        .selectFrom('scavenger_hunts')
        .selectAll()
        .where('guide_id', '=', guideId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async challenges(huntIds: number[]) {
      if (!huntIds.length) return [];
      return db
        .selectFrom('challenges')
        .selectAll()
        .where('scavenger_hunt_id', 'in', huntIds)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async options(challengeIds: number[]) {
      if (!challengeIds.length) return [];
      return db
        .selectFrom('multiple_choice_options')
        .selectAll()
        .where('challenge_id', 'in', challengeIds)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async correctAnswers(challengeIds: number[]) {
      if (!challengeIds.length) return [];
      return db
        .selectFrom('correct_answers')
        .selectAll()
        .where('challenge_id', 'in', challengeIds)
        .orderBy('id')
        .execute();
    },
  };
}
