import {
  ANSWER_MESSAGES,
  answerTypeCheck,
  checkAnswer,
  choiceAnswerCheck,
  numberAnswerCheck,
  parsePhotoDataUrl,
  textAnswerCheck,
  type ChallengeType,
  type CorrectAnswer,
  type CreateUserAnswer,
  type UserAnswer,
  type ValueCheck,
} from '@earshot/core';
import { BadRequestError, HttpError, NotFoundError } from '../../plugins/errors.js';
import type { Page } from '../resources/repository.js';
import type { Visibility } from '../content/visibility.js';
import type { AnswerFilter, AnswersRepository, CorrectAnswerFilter } from './answers-repository.js';
import { removePhotos, storePhoto, type StoredPhoto } from './photo-store.js';
import type { MediaStore } from '../../storage/media-store.js';
import { toCorrectAnswer, toUserAnswer } from './serialize.js';

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

const KEY_USED = 'This Idempotency-Key was already used for another answer';

export type Created = { status: 200 | 201; answer: UserAnswer };

/** Told of each new answer (insights' `challenge-answer`, docs/insights.md): no user. */
export type AnswerListener = (a: {
  challengeId: number;
  correct: boolean | null;
  localTime?: string;
  language?: string;
}) => Promise<void>;

/** The request's X-Local-Time and X-Language headers (the local time and visit language). */
export type AnswerContext = {
  localTime?: string;
  language?: string;
  /** Which preview's challenges the request may answer (content/visibility.ts). */
  visibility?: Visibility;
};

/**
 * User answers (docs/decisions/0009): one per user and challenge, never changed; checked at once
 * against the correct answers unless a photo; a user sees only their own, and the correct
 * answers only of challenges they have answered.
 */
export function answersService(deps: {
  answers: AnswersRepository;
  store: MediaStore;
  onAnswered?: AnswerListener;
  /** Where a failed listener is reported: the answer itself is stored and stands. */
  logError?: (e: unknown) => void;
}) {
  const { answers, store } = deps;

  /** The stored answer an Idempotency-Key names, if it is this same request's. */
  const replay = async (userId: string, key: string, challenge: number) => {
    const stored = await answers.answerByKey(key);
    if (!stored) return undefined;
    if (stored.user_id !== userId || stored.challenge_id !== challenge)
      throw new ConflictError(KEY_USED);
    return stored;
  };

  return {
    /** POST user_answers/: 201 with a new answer, 200 with the one an Idempotency-Key stored. */
    async create(
      userId: string,
      body: CreateUserAnswer,
      key?: string,
      context: AnswerContext = {},
    ): Promise<Created> {
      if (key) {
        const stored = await replay(userId, key, body.challenge);
        if (stored) return { status: 200, answer: toUserAnswer(stored) };
      }
      const challenge = await answers.challenge(body.challenge, context.visibility ?? {});
      if (!challenge) throw new BadRequestError(`No challenge with id ${body.challenge}`);
      const type = challenge.resourcetype as ChallengeType;
      const refuse = (c: ValueCheck) => {
        if (!c.ok) throw new BadRequestError(c.message);
      };
      refuse(answerTypeCheck(type, body.resourcetype));
      const earlier = await answers.answerOf(userId, challenge.id);
      if (earlier) {
        // A request with this key may have stored it since the look-up above.
        if (key && earlier.idempotency_key === key)
          return { status: 200, answer: toUserAnswer(earlier) };
        throw new ConflictError(ANSWER_MESSAGES.alreadyAnswered);
      }

      let photo: StoredPhoto | null = null;
      let option: (typeof challenge.options)[number] | undefined;
      switch (body.resourcetype) {
        case 'UserNumberChallengeAnswer':
          refuse(numberAnswerCheck(body.value));
          break;
        case 'UserTextChallengeAnswer':
          refuse(textAnswerCheck(body.value));
          break;
        case 'UserMultipleChoiceChallengeAnswer':
          refuse(
            choiceAnswerCheck(
              body.value,
              challenge.options.map((o) => o.id),
            ),
          );
          option = challenge.options.find((o) => o.id === Number(body.value));
          break;
        case 'UserPhotoChallengeAnswer': {
          const parsed = parsePhotoDataUrl(body.value);
          if ('message' in parsed) throw new BadRequestError(parsed.message);
          photo = await storePhoto(store, parsed);
          break;
        }
      }
      const check = checkAnswer(
        body.resourcetype,
        { value: body.value, option },
        challenge.correct.map((c) => ({ value: c.value, is_correct: c.is_correct === 1 })),
      );
      const now = new Date().toISOString();
      const row = await answers.insert({
        user_id: userId,
        challenge_id: challenge.id,
        resourcetype: body.resourcetype,
        // The option id as the API writes ids (no leading zeros), the photo as its URL.
        value: photo?.value ?? (option ? String(option.id) : body.value),
        value_medium: photo?.value_medium ?? null,
        value_thumbnail: photo?.value_thumbnail ?? null,
        is_checked: check.is_checked ? 1 : 0,
        is_correct: check.is_correct === null ? null : check.is_correct ? 1 : 0,
        checked_at: check.is_checked ? now : null,
        idempotency_key: key ?? null,
        created_at: now,
        updated_at: now,
      });
      if (row) {
        // Only a new answer (201) is an event: a replayed key (200) returned above.
        await deps
          .onAnswered?.({
            challengeId: challenge.id,
            correct: check.is_checked ? check.is_correct : null,
            localTime: context.localTime,
            language: context.language,
          })
          .catch((e: unknown) => deps.logError?.(e));
        return { status: 201, answer: toUserAnswer(row) };
      }

      // A request that raced this one stored first: its answer stands, this one's photo goes.
      if (photo) await removePhotos(store, Object.values(photo));
      if (key) {
        const stored = await replay(userId, key, body.challenge);
        if (stored) return { status: 200, answer: toUserAnswer(stored) };
      }
      throw new ConflictError(ANSWER_MESSAGES.alreadyAnswered);
    },

    async list(userId: string, f: AnswerFilter, page: Page): Promise<UserAnswer[]> {
      return (await answers.answers(userId, f, page)).map(toUserAnswer);
    },

    /** One of the user's answers; another user's is as unknown as a missing one. */
    async one(userId: string, id: number): Promise<UserAnswer> {
      const [row] = await answers.answers(userId, { id }, { limit: 1, offset: 0 });
      if (!row) throw new NotFoundError(`No user_answers with id ${id}`);
      return toUserAnswer(row);
    },

    async correctAnswers(
      userId: string,
      f: CorrectAnswerFilter,
      page: Page,
    ): Promise<CorrectAnswer[]> {
      return (await answers.correctAnswers(userId, f, page)).map(toCorrectAnswer);
    },

    async correctAnswer(userId: string, id: number): Promise<CorrectAnswer> {
      const [row] = await answers.correctAnswers(userId, { id }, { limit: 1, offset: 0 });
      if (!row) throw new NotFoundError(`No correct_answers with id ${id}`);
      return toCorrectAnswer(row);
    },

    /** Deletes the photo files of the user's answers (before the account and its rows go). */
    async removeUserPhotos(userId: string): Promise<void> {
      const rows = await answers.photoUrls(userId);
      await removePhotos(
        store,
        rows.flatMap((r) => [r.value, r.value_medium, r.value_thumbnail]),
      );
    },
  };
}

export type AnswersService = ReturnType<typeof answersService>;
