import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { insightLanguage, type GuideDetail } from '@earshot/core';
import { track } from '../../../shared/insights/track';
import { useSelectedLanguage } from '../../../shared/lib/selected-language';
import { downloadsQueryOptions, saveDownloadMeta } from '../../../shared/offline/downloads';
import { offlineReady } from '../../../shared/offline/service-worker';
import { downloadTour, type DownloadProgress } from '../lib/download-tour';

export type TourDownload = {
  progress: DownloadProgress | null;
  /** Every file settled and the entry written (or saving is impossible here). */
  finished: boolean;
  /** Saving is not possible in this browser (no Cache Storage, e.g. an insecure page). */
  unsupported: boolean;
  /** Bytes the browser says this site may still store, once known. */
  spaceLeft: number | null;
};

async function spaceLeft(): Promise<number | null> {
  const e = await navigator.storage?.estimate?.().catch(() => null);
  return e?.quota != null && e.usage != null ? Math.max(0, e.quota - e.usage) : null;
}

/** Saves `guide` for offline use once it is known, with progress redrawn at most once a frame. */
export function useTourDownload(guide: GuideDetail | undefined): TourDownload {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TourDownload>(() => ({
    progress: null,
    finished: false,
    unsupported: typeof caches === 'undefined',
    spaceLeft: null,
  }));

  useEffect(() => {
    if (!guide || typeof caches === 'undefined') return;
    const abort = new AbortController();
    let frame = 0;
    let latest: DownloadProgress | null = null;
    const show = (p: DownloadProgress) => {
      latest = p;
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setState((s) => ({ ...s, progress: latest }));
      });
    };
    // Ask the browser not to evict the saved guides when space runs low.
    void navigator.storage?.persist?.().catch(() => false);
    void spaceLeft().then((left) => setState((s) => ({ ...s, spaceLeft: left })));
    void (async () => {
      // Timed for the bench (User Timing: 'earshot:preload', the save alone).
      performance.mark('earshot:preload-start');
      const saving = downloadTour(guide, show, abort.signal).then((done) => {
        performance.measure('earshot:preload', 'earshot:preload-start');
        return done;
      });
      const [done] = await Promise.all([saving, offlineReady()]);
      if (abort.signal.aborted) return;
      await saveDownloadMeta({
        token: guide.token,
        title: guide.title,
        place: `${guide.city.name}, ${guide.city.state}`,
        image: guide.splash_url ?? guide.images[0] ?? null,
        bytes: done.bytes,
        files: done.total - done.failed,
        failed: done.failed,
        savedAt: Date.now(),
      });
      track({
        kind: 'preload',
        guide: guide.token,
        language: insightLanguage(guide, useSelectedLanguage.getState().byGuide[guide.token]),
      });
      const left = await spaceLeft();
      cancelAnimationFrame(frame);
      setState((s) => ({ ...s, progress: done, finished: true, spaceLeft: left }));
      void queryClient.invalidateQueries(downloadsQueryOptions());
    })().catch((e: unknown) => {
      if (abort.signal.aborted) return;
      // The cache itself failed (storage full, or blocked): the guide still plays online.
      console.warn('Saving the guide for offline use failed', e);
      setState((s) => ({ ...s, finished: true, unsupported: true }));
    });
    return () => {
      abort.abort();
      cancelAnimationFrame(frame);
    };
  }, [guide, queryClient]);

  return state;
}
