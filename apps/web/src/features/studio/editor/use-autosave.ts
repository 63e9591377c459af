import { useEffect, useState, useSyncExternalStore } from 'react';
import type { GuideBundleInput } from '@earshot/core';
import { ApiError } from '../../../shared/api/client';
import { saveDraft } from '../api/studio-api';
import { createAutosaver, type AutosaverSnapshot } from '../lib/autosaver';
import { clearPending, readPending, writePending } from '../lib/pending-edits';

/** While offline or after a failure, how often the editor tries again. */
const RETRY_MS = 15_000;

export type Autosave = AutosaverSnapshot & {
  setDocument: (next: GuideBundleInput) => void;
  /** Sends what is unsaved now; true once the server holds the editor's document. */
  flush: () => Promise<boolean>;
  /** The server's draft replaces the editor's (a reload after a conflict, a restore). */
  replace: (document: GuideBundleInput, revision: number) => void;
};

/**
 * The draft as the publisher edits it, saved as they go (lib/autosaver.ts). Edits kept on
 * this device from an earlier visit win over the server's copy: they are sent on their own
 * revision, so a newer one on the server shows as a conflict rather than being overwritten.
 */
export function useAutosave(
  token: string,
  initial: { document: GuideBundleInput; revision: number },
): Autosave {
  const [saver] = useState(() => {
    const pending = readPending(token);
    const start = pending
      ? { document: pending.document, revision: pending.revision, dirty: true }
      : { ...initial, dirty: false };
    return createAutosaver(start, {
      save: async (revision, document) => {
        const r = await saveDraft(token, revision, document);
        return r.ok ? { ok: true, revision: r.revision } : r;
      },
      // An answer this app cannot read is no offline: it stays failed until the app reloads.
      isOffline: (e) => e instanceof ApiError && e.kind === 'offline',
      keep: (revision, document) => writePending(token, { revision, document }),
      forget: () => clearPending(token),
    });
  });
  const snap = useSyncExternalStore(saver.subscribe, saver.snapshot, saver.snapshot);

  // Unsaved edits from an earlier visit go out at once; what waits is sent when back online,
  // now and then while offline or failed, and when the page is left.
  useEffect(() => {
    saver.retry();
    const hidden = () => document.visibilityState === 'hidden' && saver.retry();
    const every = setInterval(saver.retry, RETRY_MS);
    window.addEventListener('online', saver.retry);
    window.addEventListener('pagehide', saver.retry);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(every);
      saver.stop();
      window.removeEventListener('online', saver.retry);
      window.removeEventListener('pagehide', saver.retry);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [saver]);

  return { ...snap, setDocument: saver.edit, flush: saver.flush, replace: saver.replace };
}
