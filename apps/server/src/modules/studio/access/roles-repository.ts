import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { isVerified } from '../invitations/invitations-repository.js';

/** SQL of server-side roles (`admin`), by user or by e-mail address. */
export function rolesRepository(db: Kysely<Database>) {
  return {
    /** The account with this e-mail (addresses are kept as typed; compared without case). */
    async userByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
    },

    /** The account's address and whether it was verified (by mail or a vouching provider). */
    async accountOf(userId: string): Promise<{ email: string; verified: boolean } | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['email', 'email_verified'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && { email: row.email, verified: isVerified(row.email_verified) };
    },

    /** Idempotent. */
    async grantAdmin(userId: string): Promise<void> {
      await db
        .insertInto('user_roles')
        .values({ user_id: userId, role: 'admin' })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Answers whether the user was an admin. */
    async revokeAdmin(userId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type RolesRepository = ReturnType<typeof rolesRepository>;
