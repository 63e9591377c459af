import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** SQL of organisations and their members. */
export function organisationsRepository(db: Kysely<Database>) {
  return {
    /** Every organisation with its member and guide counts (admins' list). */
    async list() {
      const rows = await db
        .selectFrom('organisations as o')
        .select((eb) => [
          'o.id',
          'o.name',
          'o.slug',
          'o.created_at',
          eb
            .selectFrom('organisation_members as m')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('m.organisation_id', '=', 'o.id')
            .as('members'),
          eb
            .selectFrom('guide_owners as g')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('g.organisation_id', '=', 'o.id')
            .as('guides'),
        ])
        .orderBy('o.name')
        .orderBy('o.id')
        .execute();
      return rows.map((r) => ({ ...r, members: Number(r.members), guides: Number(r.guides) }));
    },

    async byId(id: number) {
      return db
        .selectFrom('organisations')
        .select(['id', 'name', 'slug', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async slugTaken(slug: string): Promise<boolean> {
      const row = await db
        .selectFrom('organisations')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Answers undefined when the slug is taken (also when another request took it just now). */
    async create(name: string, slug: string): Promise<number | undefined> {
      const row = await db
        .insertInto('organisations')
        .values({ name, slug })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The organisations `userId` belongs to; with `all`, every one (an admin's view). */
    async forUser(userId: string, all: boolean) {
      let q = db
        .selectFrom('organisations as o')
        .leftJoin('organisation_members as m', (j) =>
          j.onRef('m.organisation_id', '=', 'o.id').on('m.user_id', '=', userId),
        )
        .select(['o.id', 'o.name', 'o.slug', 'm.role']);
      if (!all) q = q.where('m.user_id', 'is not', null);
      return q.orderBy('o.name').orderBy('o.id').execute();
    },

    async members(organisationId: number) {
      return db
        .selectFrom('organisation_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.created_at'])
        .where('m.organisation_id', '=', organisationId)
        .orderBy('u.name')
        .orderBy('m.user_id')
        .execute();
    },

    /** Answers whether there was such a member. */
    async removeMember(organisationId: number, userId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('organisation_members')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof organisationsRepository>;
