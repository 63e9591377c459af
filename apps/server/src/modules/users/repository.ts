import type { Db } from '../../db/database.js';

const PHOTO_ANSWER = 'UserPhotoChallengeAnswer';

/** SQL of the signed-in user's own rows: their account and what hangs off it. */
export function usersRepository(db: Db) {
  return {
    async guideIdByToken(token: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('guides')
        .select('id')
        .where('token', '=', token)
        .executeTakeFirst();
      return row?.id;
    },

    /** Idempotent: a second subscription to the same guide changes nothing. */
    async subscribe(userId: string, guideId: number): Promise<void> {
      await db
        .insertInto('subscriptions')
        .values({ user_id: userId, guide_id: guideId })
        .onConflict((oc) => oc.columns(['user_id', 'guide_id']).doNothing())
        .execute();
    },

    /** The user's own subscriptions (one of them by `id`), with each guide's token. */
    async subscriptions(userId: string, page: { limit: number; offset: number; id?: number }) {
      let q = db
        .selectFrom('subscriptions')
        .innerJoin('guides', 'guides.id', 'subscriptions.guide_id')
        .select(['subscriptions.id as id', 'guides.id as guide', 'guides.token as guide_token'])
        .where('subscriptions.user_id', '=', userId);
      if (page.id !== undefined) q = q.where('subscriptions.id', '=', page.id);
      return q.orderBy('subscriptions.id').limit(page.limit).offset(page.offset).execute();
    },

    /**
     * Deletes the user with everything of theirs, in one transaction. The foreign keys cascade
     * too (tables added later that reference users go with them); the explicit deletes say what
     * an account holds. Tracking events keep no link to the person. Answers the URLs of the
     * user's photo answers, whose files the caller removes once the rows are gone.
     */
    async deleteUser(userId: string): Promise<(string | null)[]> {
      return db.transaction().execute(async (trx) => {
        const photos = await trx
          .selectFrom('user_answers')
          .select(['value', 'value_medium', 'value_thumbnail'])
          .where('user_id', '=', userId)
          .where('resourcetype', '=', PHOTO_ANSWER)
          .execute();
        await trx.deleteFrom('user_answers').where('user_id', '=', userId).execute();
        await trx.deleteFrom('awards').where('user_id', '=', userId).execute();
        await trx.deleteFrom('poi_visits').where('user_id', '=', userId).execute();
        await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
        await trx
          .updateTable('tracking_events')
          .set({ user_id: null })
          .where('user_id', '=', userId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await trx.deleteFrom('accounts').where('user_id', '=', userId).execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return photos.flatMap((p) => [p.value, p.value_medium, p.value_thumbnail]);
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
