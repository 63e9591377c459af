import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserAnswersTable } from '../../db/schema.js';
import type { Page } from '../resources/repository.js';
import { canSee, type Visibility } from '../content/visibility.js';

export type AnswerFilter = { id?: number; challenge?: number; challenge__scavenger_hunt?: number };
export type CorrectAnswerFilter = { id?: number; challenge?: number };
export type Verdict = { is_correct: boolean };

/** SQL of user answers and of the correct answers they are checked against. */
export function answersRepository(db: Db) {
  return {
    /**
     * A challenge with what answering it needs: its options and its correct answers; none for
     * a preview's challenge unless the request may see that preview (content/visibility.ts).
     */
    async challenge(id: number, v: Visibility) {
      const found = await db
        .selectFrom('challenges')
        .innerJoin('scavenger_hunts', 'scavenger_hunts.id', 'challenges.scavenger_hunt_id')
        .innerJoin('guides', 'guides.id', 'scavenger_hunts.guide_id')
        .select(['challenges.id', 'challenges.resourcetype', 'guides.status', 'guides.token'])
        .where('challenges.id', '=', id)
        .executeTakeFirst();
      if (!found || !canSee(found, v)) return undefined;
      const challenge = { id: found.id, resourcetype: found.resourcetype };
      const [options, correct] = await Promise.all([
        db
          .selectFrom('multiple_choice_options')
          .select(['id', 'token', 'value'])
          .where('challenge_id', '=', id)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('correct_answers')
          .select(['value', 'is_correct'])
          .where('challenge_id', '=', id)
          .orderBy('id')
          .execute(),
      ]);
      return { ...challenge, options, correct };
    },

    async answerByKey(idempotencyKey: string) {
      return db
        .selectFrom('user_answers')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async answerOf(userId: string, challengeId: number) {
      return db
        .selectFrom('user_answers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('challenge_id', '=', challengeId)
        .executeTakeFirst();
    },

    /**
     * Stores an answer unless the user already answered the challenge or the key was used
     * (both are unique keys, so two racing requests store one row): undefined then.
     */
    async insert(row: Insertable<UserAnswersTable>) {
      return db
        .insertInto('user_answers')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** One page of the user's answers, oldest first. */
    async answers(userId: string, f: AnswerFilter, page: Page) {
      let q = db.selectFrom('user_answers').selectAll().where('user_id', '=', userId);
      if (f.id !== undefined) q = q.where('id', '=', f.id);
      if (f.challenge !== undefined) q = q.where('challenge_id', '=', f.challenge);
      if (f.challenge__scavenger_hunt !== undefined) {
        const hunt = f.challenge__scavenger_hunt;
        q = q.where('challenge_id', 'in', (eb) =>
          eb.selectFrom('challenges').select('id').where('scavenger_hunt_id', '=', hunt),
        );
      }
      return q.orderBy('id').limit(page.limit).offset(page.offset).execute();
    },

    /** One page of the correct answers of the challenges the user has answered. */
    async correctAnswers(userId: string, f: CorrectAnswerFilter, page: Page) {
      let q = db
        .selectFrom('correct_answers')
        .selectAll()
        .where('challenge_id', 'in', (eb) =>
          eb.selectFrom('user_answers').select('challenge_id').where('user_id', '=', userId),
        );
      if (f.id !== undefined) q = q.where('id', '=', f.id);
      if (f.challenge !== undefined) q = q.where('challenge_id', '=', f.challenge);
      return q
        .orderBy('challenge_id')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    /** Any user's answer by id: for the reviewer's command, never for the API. */
    async answerById(id: number) {
      return db.selectFrom('user_answers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Answers nobody has checked yet (photos waiting for review), oldest first. */
    async unchecked(limit: number) {
      return db
        .selectFrom('user_answers')
        .selectAll()
        .where('is_checked', '=', 0)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Records a reviewer's verdict on an answer. */
    async review(id: number, v: Verdict) {
      const now = new Date().toISOString();
      return db
        .updateTable('user_answers')
        .set({ is_checked: 1, is_correct: v.is_correct ? 1 : 0, checked_at: now, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** The stored photo files of the user's answers (their URLs), before their rows go. */
    async photoUrls(userId: string) {
      return db
        .selectFrom('user_answers')
        .select(['value', 'value_medium', 'value_thumbnail'])
        .where('user_id', '=', userId)
        .where('resourcetype', '=', 'UserPhotoChallengeAnswer')
        .execute();
    },
  };
}

export type AnswersRepository = ReturnType<typeof answersRepository>;
