import {
  IDEMPOTENCY_HEADER,
  LANGUAGE_HEADER,
  LOCAL_TIME_HEADER,
  userAnswerSchema,
  type UserAnswerType,
} from '@earshot/core';
import { apiSend } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

export type AnswerBody = { challenge: number; value: string; resourcetype: UserAnswerType };

/**
 * SPEC §7 "create a user answer". The idempotency key, made once when the answer was given,
 * goes with every attempt: a retry after a lost response gets the stored answer back (200)
 * instead of storing it twice. `insight` is when it was given (`YYYY-MM-DDTHH`) and in which
 * visit language, kept with it in the queue: the publisher's insights count it then and there
 * (docs/insights.md).
 */
export const postUserAnswer = (
  body: AnswerBody,
  idempotencyKey: string,
  insight: { localTime: string; language?: string },
  signal?: AbortSignal,
) =>
  apiSend('POST', 'user_answers/', body, parseWith(userAnswerSchema), {
    headers: {
      [IDEMPOTENCY_HEADER]: idempotencyKey,
      [LOCAL_TIME_HEADER]: insight.localTime,
      ...(insight.language ? { [LANGUAGE_HEADER]: insight.language } : {}),
    },
    signal,
  });
