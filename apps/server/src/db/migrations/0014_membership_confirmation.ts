import type { Kysely, Migration } from 'kysely';

/**
 * Membership confirmation (docs/studio.md Roles): an invitation accepted by an account whose
 * address nobody proved waits for an admin. The waiting is kept on the invitation (it already says
 * who accepted, when, and which address it was sent to): `confirmed_at` stays null until an admin
 * confirms, and only then is an `organisation_members` row written, so that table keeps meaning
 * "has a publisher's rights" and no reader of it can forget a filter.
 */
export const membershipConfirmationMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('invitations').addColumn('confirmed_at', 'varchar(40)').execute();
    // Every invitation accepted before this made its member at once: confirmed when accepted.
    await db
      .updateTable('invitations')
      .set((eb) => ({ confirmed_at: eb.ref('accepted_at') }))
      .where('accepted_at', 'is not', null)
      .execute();
  },
};
