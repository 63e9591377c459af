import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

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
          'i.accepted_by',
          'i.confirmed_at',
        ])
        .where('i.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Marks the invitation used by `userId`, in one transaction with what it makes: with
     * `confirmed`, a member at once; without, nothing more (the acceptance waits for an admin,
     * `confirm`). Answers false when another request used it first (nothing is written then).
     */
    async accept(
      id: number,
      organisationId: number,
      userId: string,
      confirmed: boolean,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const at = new Date().toISOString();
        const r = await trx
          .updateTable('invitations')
          .set({ accepted_at: at, accepted_by: userId, confirmed_at: confirmed ? at : null })
          .where('id', '=', id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        if (confirmed) await addMember(trx, organisationId, userId);
        return true;
      });
    },

    /** Whether the account proved its address (by the mailed link, or a provider vouching). */
    async addressVerified(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('email_verified')
        .where('id', '=', userId)
        .executeTakeFirst();
      return isVerified(row?.email_verified);
    },

    /** An organisation's accepted invitations waiting for an admin, with who accepted. */
    async awaiting(organisationId: number) {
      return db
        .selectFrom('invitations as i')
        .innerJoin('users as u', 'u.id', 'i.accepted_by')
        .leftJoin('users as by', 'by.id', 'i.invited_by')
        .select([
          'i.id as invitation_id',
          'u.id as user_id',
          'u.name',
          'u.email',
          'i.accepted_at',
          'i.email as invited_email',
          'by.name as invited_by',
          'i.created_at as invited_at',
        ])
        .where('i.organisation_id', '=', organisationId)
        .where('i.accepted_at', 'is not', null)
        .where('i.confirmed_at', 'is', null)
        .orderBy('i.accepted_at')
        .orderBy('i.id')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, accepted_at: r.accepted_at! })));
    },

    /** The organisations whose invitation `userId` accepted and an admin has not confirmed. */
    async waitingFor(userId: string) {
      return db
        .selectFrom('invitations as i')
        .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
        .select(['o.id', 'o.name'])
        .distinct()
        .where('i.accepted_by', '=', userId)
        .where('i.accepted_at', 'is not', null)
        .where('i.confirmed_at', 'is', null)
        .orderBy('o.name')
        .orderBy('o.id')
        .execute();
    },

    /** Confirms a waiting acceptance: its account becomes a member. False when none waits. */
    async confirm(organisationId: number, id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('invitations')
          .set({ confirmed_at: new Date().toISOString() })
          .where('organisation_id', '=', organisationId)
          .where('id', '=', id)
          .where('accepted_at', 'is not', null)
          .where('accepted_by', 'is not', null)
          .where('confirmed_at', 'is', null)
          .returning('accepted_by')
          .executeTakeFirst();
        if (!row?.accepted_by) return false;
        await addMember(trx, organisationId, row.accepted_by);
        return true;
      });
    },

    /** Refuses a waiting acceptance: the invitation goes (its link answers 404). */
    async refuse(organisationId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('invitations')
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .where('accepted_at', 'is not', null)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

/** better-auth keeps `email_verified` as 1/0 on SQLite and a boolean on PostgreSQL. */
export const isVerified = (value: unknown) => value === true || value === 1 || value === '1';

async function addMember(trx: Kysely<Database>, organisationId: number, userId: string) {
  await trx
    .insertInto('organisation_members')
    .values({ organisation_id: organisationId, user_id: userId, role: 'publisher' })
    .onConflict((oc) => oc.columns(['organisation_id', 'user_id']).doNothing())
    .execute();
}

export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
