import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shouldSync } from '@earshot/core';
import { isSignedIn, useAuthStore } from '../auth/store';
import { INSIGHTS_WAITING, isWaiting, VISITS_WAITING } from './waiting';

/**
 * Starts the outboxes (SPEC §4 offline sync) when the device comes online, when who is signed
 * in changes, and once when the app starts: the answers of a signed-in user, and the visits
 * (visit_poi/) and the insights events that wait, a visitor's included. Mounted once by the
 * app; a queue's code (IndexedDB, the senders) loads only when there is something to send.
 */
export function OutboxSync() {
  const qc = useQueryClient();
  const userId = useAuthStore((s) => (isSignedIn(s) ? s.user!.id : null));
  useEffect(() => {
    const run = () => {
      if (!navigator.onLine) return;
      if (isWaiting(VISITS_WAITING))
        void import('../stop-visits/visit-queue').then((m) => m.sendVisits());
      // Insights events of an earlier page (docs/insights.md): their sender loads after the first paint.
      if (isWaiting(INSIGHTS_WAITING))
        void import('../insights/track').then((m) => m.sendInsights());
      if (!shouldSync({ online: true, signedIn: userId !== null })) return;
      void import('../answers/sync').then((m) =>
        m.syncAnswers(() => void qc.invalidateQueries({ queryKey: ['user-answers'] })),
      );
    };
    run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [userId, qc]);
  return null;
}
