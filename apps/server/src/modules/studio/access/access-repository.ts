import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The organisation that owns guides imported from the command line without an owner. */
export const DEFAULT_ORGANISATION_SLUG = 'default';

/**
 * Gives `token` to `organisationId` (by default the `default` organisation) unless it has an
 * owner already; run inside the transaction that creates the guide (the importer's, a draft's).
 * Answers the owner the token has afterwards.
 */
export async function claimGuide(
  trx: Kysely<Database>,
  token: string,
  organisationId?: number,
): Promise<number> {
  const owner =
    organisationId ??
    (
      await trx
        .selectFrom('organisations')
        .select('id')
        .where('slug', '=', DEFAULT_ORGANISATION_SLUG)
        .executeTakeFirstOrThrow()
    ).id;
  await trx
    .insertInto('guide_owners')
    .values({ guide_token: token, organisation_id: owner })
    .onConflict((oc) => oc.column('guide_token').doNothing())
    .execute();
  const row = await trx
    .selectFrom('guide_owners')
    .select('organisation_id')
    .where('guide_token', '=', token)
    .executeTakeFirstOrThrow();
  return row.organisation_id;
}

/** SQL of the studio's access rules: roles, memberships and guide owners. */
export function accessRepository(db: Kysely<Database>) {
  return {
    async isAdmin(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return row !== undefined;
    },

    async isMember(organisationId: number, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('organisation_members')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async organisationExists(organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('organisations')
        .select('id')
        .where('id', '=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The drafts of `token` never published, by organisation (their keys `token~id`: core
     * unpublishedDraftKey), in organisation order.
     */
    async unpublishedDrafts(token: string): Promise<{ key: string; organisationId: number }[]> {
      // "_" is LIKE's any-character: the rows are checked again below.
      const rows = await db
        .selectFrom('guide_drafts')
        .select(['guide_token', 'organisation_id'])
        .where('guide_token', 'like', `${token}~%`)
        .orderBy('organisation_id')
        .execute();
      return rows
        .filter((r) => r.guide_token === `${token}~${r.organisation_id}`)
        .map((r) => ({ key: r.guide_token, organisationId: r.organisation_id }));
    },

    /** The `default` organisation's id (guides imported before owners existed are its). */
    async defaultOrganisation(): Promise<number | undefined> {
      const row = await db
        .selectFrom('organisations')
        .select('id')
        .where('slug', '=', DEFAULT_ORGANISATION_SLUG)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * The organisation owning `token`: its owner row, else `default` when a published guide
     * has that token (imported before owners existed), else undefined. Previews (status
     * `preview`) are nobody's guide.
     */
    async ownerOf(token: string): Promise<number | undefined> {
      const owned = await db
        .selectFrom('guide_owners')
        .select('organisation_id')
        .where('guide_token', '=', token)
        .executeTakeFirst();
      if (owned) return owned.organisation_id;
      const published = await db
        .selectFrom('guides')
        .select('id')
        .where('token', '=', token)
        .where('status', '!=', 'preview')
        .executeTakeFirst();
      if (!published) return undefined;
      const fallback = await db
        .selectFrom('organisations')
        .select('id')
        .where('slug', '=', DEFAULT_ORGANISATION_SLUG)
        .executeTakeFirst();
      return fallback?.id;
    },
  };
}

export type AccessRepository = ReturnType<typeof accessRepository>;
