import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** SQL of invitations: found by the sha256 of their token, accepted once. */
export function invitationsRepository(db: Kysely<Database>) {
  return {
    async create(row: {
      organisation_id: number;
      email: string;
      token_hash: string;
      invited_by: string;
      expires_at: string;
    }): Promise<number> {
      const r = await db
        .insertInto('invitations')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** An organisation's invitations neither accepted nor expired at `now`, newest first. */
    async pending(organisationId: number, now: string) {
      return db
        .selectFrom('invitations as i')
        .leftJoin('users as u', 'u.id', 'i.invited_by')
        .select(['i.id', 'i.email', 'u.name as invited_by', 'i.created_at', 'i.expires_at'])
        .where('i.organisation_id', '=', organisationId)
        .where('i.accepted_at', 'is', null)
        .where('i.expires_at', '>', now)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },

    /** Deletes an invitation not yet accepted; answers whether there was one. */
    async withdraw(organisationId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('invitations')
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async byHash(tokenHash: string) {
      return db
        .selectFrom('invitations as i')
        .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
        .leftJoin('users as u', 'u.id', 'i.invited_by')
        .select([
          'i.id',
          'i.organisation_id',
          'o.name as organisation_name',
          'o.slug as organisation_slug',
          'i.email',
          'u.name as invited_by',
          'i.expires_at',
          'i.accepted_at',
        ])
        .where('i.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Marks the invitation used by `userId` and makes them a member, in one transaction.
     * Answers false when another request used it first (nothing is written then).
     */
    async accept(id: number, organisationId: number, userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('invitations')
          .set({ accepted_at: new Date().toISOString(), accepted_by: userId })
          .where('id', '=', id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('organisation_members')
          .values({ organisation_id: organisationId, user_id: userId, role: 'publisher' })
          .onConflict((oc) => oc.columns(['organisation_id', 'user_id']).doNothing())
          .execute();
        return true;
      });
    },
  };
}

export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
