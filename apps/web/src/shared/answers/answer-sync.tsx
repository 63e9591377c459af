import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shouldSync } from '@earshot/core';
import { isSignedIn, useAuthStore } from '../auth/store';
import { resumeInsights } from '../insights/track';
import { visitsWaiting } from './visits-waiting';

/**
 * Starts the offline sync (SPEC §4) when the device comes online, when who is signed in
 * changes, and once when the app starts: the answers of a signed-in user, and the visits
 * (visit_poi/) and the insights events that wait, a visitor's included. Mounted once by the app; the queue's code
 * (IndexedDB, the senders) loads only when there is something to send.
 */
export function AnswerSync() {
  const qc = useQueryClient();
  const userId = useAuthStore((s) => (isSignedIn(s) ? s.user!.id : null));
  useEffect(() => {
    const run = () => {
      if (!navigator.onLine) return;
      if (visitsWaiting()) void import('./visit-queue').then((m) => m.sendVisits());
      // Insights events of an earlier page (issue 20): their sender loads after the first paint.
      resumeInsights();
      if (!shouldSync({ online: true, signedIn: userId !== null })) return;
      void import('./sync').then((m) =>
        m.syncAnswers(() => void qc.invalidateQueries({ queryKey: ['user-answers'] })),
      );
    };
    run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [userId, qc]);
  return null;
}
