import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answeredChallenges, pendingAnswer, type UserAnswer } from '@earshot/core';
import { isSignedIn, useAuthStore } from '../auth/store';
import { useScavengerHunts } from '../hunts/api/get-scavenger-hunts';
import { huntAnswersQueryOptions } from './api/get-user-answers';
import { loadQueue, useAnswerQueue } from './queue-store';

/** An answer as the screens show it: the server's, or one still waiting on this device. */
export type ShownAnswer = Pick<
  UserAnswer,
  'challenge' | 'value' | 'resourcetype' | 'is_checked' | 'is_correct' | 'created_at'
> &
  Partial<Pick<UserAnswer, 'value_thumbnail' | 'value_medium'>> & {
    pending?: boolean;
    localId?: string;
  };

/** Who is answering: the signed-in user's id, or null for a visitor. */
export function useAnswerer(): string | null {
  return useAuthStore((s) => (isSignedIn(s) ? s.user!.id : null));
}

/** Re-reads the signed-in user's answers (after the queue sent some). */
export function useAnswersChanged(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ['user-answers'] });
}

/**
 * The server's answers with those this session sent and those still queued for the same
 * user; per challenge the server's own wins.
 */
function useMerged(userId: string | null, server: readonly UserAnswer[]): ShownAnswer[] {
  const items = useAnswerQueue((s) => s.items);
  const sent = useAnswerQueue((s) => s.sent);
  // A visitor's answers are none: the queue (and IndexedDB's code) is read for a user only.
  useEffect(() => {
    if (userId) void loadQueue();
  }, [userId]);
  return useMemo(() => {
    if (!userId) return [];
    const out: ShownAnswer[] = [...server];
    const have = new Set(server.map((a) => a.challenge));
    for (const s of sent)
      if (s.userId === userId && !have.has(s.answer.challenge)) {
        out.push(s.answer);
        have.add(s.answer.challenge);
      }
    for (const i of items ?? [])
      if (i.userId === userId && !have.has(i.challenge)) out.push(pendingAnswer(i));
    return out;
  }, [userId, server, sent, items]);
}

const NONE: UserAnswer[] = [];

/** The user's answers to one hunt's challenges (none for a visitor). */
export function useHuntAnswers(huntId: number | null) {
  const userId = useAnswerer();
  const server = useQuery({
    ...huntAnswersQueryOptions(userId ?? '', huntId ?? 0),
    enabled: userId !== null && huntId !== null,
  });
  const answers = useMerged(userId, server.data ?? NONE);
  return { answers, signedIn: userId !== null, loading: userId !== null && server.isPending };
}

/**
 * The user's answers to every challenge of the visited guide: the stars, the pins and the
 * POI detail's tab follow them (SPEC §2, §4).
 */
export function useGuideAnswers(guideToken: string) {
  const userId = useAnswerer();
  const hunts = useScavengerHunts(guideToken);
  // One query over the guide's hunts, each hunt's answers fetched (and cached) under its own key: a
  // visitor, who has none, loads no useQueries machinery (the guide route's first load).
  const qc = useQueryClient();
  const ids = userId ? (hunts.data ?? []).map((h) => h.id) : [];
  const enabled = userId !== null && ids.length > 0;
  const combined = useQuery({
    queryKey: ['user-answers', userId, 'guide', guideToken, ids],
    queryFn: () =>
      Promise.all(ids.map((id) => qc.fetchQuery(huntAnswersQueryOptions(userId!, id)))).then(
        (lists) => lists.flat(),
      ),
    enabled,
    staleTime: 60_000,
  });
  const server = { data: combined.data ?? NONE, pending: enabled && combined.isPending };
  const answers = useMerged(userId, server.data);
  const answered = useMemo(() => answeredChallenges(answers), [answers]);
  return {
    answers,
    answered,
    signedIn: userId !== null,
    loading: userId !== null && (hunts.isPending || server.pending),
  };
}
