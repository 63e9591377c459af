import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../api/client';
import { parseLazily } from '../../api/shape-parse';

const answersSchema = () => import('../../api/lazy-schemas').then((m) => m.userAnswersSchema);

/**
 * SPEC §7 "user answers by challenge__scavenger_hunt": the signed-in user's own answers to a
 * hunt's challenges. Keyed by user, so another user's session never reads them from the cache.
 */
export const getHuntAnswers = (huntId: number, signal?: AbortSignal) =>
  apiGet(`user_answers?challenge__scavenger_hunt=${huntId}`, parseLazily(answersSchema), signal, {
    personal: true,
  });

export const huntAnswersQueryOptions = (userId: string, huntId: number) =>
  queryOptions({
    queryKey: ['user-answers', userId, huntId],
    queryFn: ({ signal }) => getHuntAnswers(huntId, signal),
    // Another device may answer too; a screen that opens asks again after a minute.
    staleTime: 60_000,
  });
