import { IDEMPOTENCY_HEADER, userAnswerSchema, type UserAnswerType } from '@earshot/core';
import { apiSend } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

export type AnswerBody = { challenge: number; value: string; resourcetype: UserAnswerType };

/**
 * SPEC §7 "create a user answer". The idempotency key, made once when the answer was given,
 * goes with every attempt: a retry after a lost response gets the stored answer back (200)
 * instead of storing it twice.
 */
export const postUserAnswer = (body: AnswerBody, idempotencyKey: string, signal?: AbortSignal) =>
  apiSend('POST', 'user_answers/', body, parseWith(userAnswerSchema), {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    signal,
  });
