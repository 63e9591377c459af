import type { VisitPoiResult } from '@earshot/core';
import { ApiError, apiSend, NO_ANSWER } from '../../../shared/api/client';
import { parseLazily } from '../../../shared/api/shape-parse';
import { useAuthStore } from '../../../shared/auth/store';
import { useBadgeNews } from '../../../shared/badges/news';

export type Visit = { guide_token: string; poi_token: string; language: string | null };

/**
 * SPEC §7 visit_poi/: the visitor reached a POI's badge radius. Signed in, the call carries
 * `Authorization` (apiSend) and the server gives badge points once per user and POI, saying
 * what changed; a visitor's visit is recorded for the publisher only.
 */
export const postVisitPoi = (visit: Visit): Promise<VisitPoiResult> =>
  apiSend(
    'POST',
    'visit_poi/',
    visit,
    parseLazily(() =>
      import('../../../shared/api/lazy-schemas').then((m) => m.visitPoiResultSchema),
    ),
  );

/**
 * Visits that found no network, with who made them. The trigger never fires twice for a
 * stop, so a visit lost on a walk without signal would be points lost for good: they go
 * again when the browser is back online, for the same user only.
 */
const waiting: { visit: Visit; userId: string | null }[] = [];
// Bounded: a walk has far fewer stops; this only keeps a long outage from growing it.
const MAX_WAITING = 100;
const currentUserId = () => useAuthStore.getState().user?.id ?? null;

function send(visit: Visit) {
  const userId = currentUserId();
  postVisitPoi(visit).then(
    (result) => {
      useBadgeNews.getState().visitAnswered(result);
      // The browser may never have noticed it was without signal: an answer is proof enough.
      if (waiting.length) sendWaiting();
    },
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status !== NO_ANSWER) return;
      if (waiting.length === 0) window.addEventListener('online', sendWaiting, { once: true });
      if (waiting.length < MAX_WAITING) waiting.push({ visit, userId });
    },
  );
}

function sendWaiting() {
  const user = currentUserId();
  for (const { visit, userId } of waiting.splice(0)) if (userId === user) send(visit);
}

/** Sends a visit and hands the answer to the badge news (the celebration, the badges' counts). */
export const recordVisit = (visit: Visit): void => send(visit);
