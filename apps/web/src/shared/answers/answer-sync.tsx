import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shouldSync } from '@earshot/core';
import { isSignedIn, useAuthStore } from '../auth/store';

/**
 * Starts the offline answer sync (SPEC §4) when the device comes online, when a user signs
 * in, and once when the app starts. Mounted once by the app; the queue's code (IndexedDB,
 * the sender) loads only when there is a user to send for.
 */
export function AnswerSync() {
  const qc = useQueryClient();
  const userId = useAuthStore((s) => (isSignedIn(s) ? s.user!.id : null));
  useEffect(() => {
    if (!userId) return;
    const run = () => {
      if (!shouldSync({ online: navigator.onLine, signedIn: true })) return;
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
