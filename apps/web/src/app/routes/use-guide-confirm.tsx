import { lazy, Suspense, useCallback, useState } from 'react';
import type { GuideEntry, GuideSummary } from '@earshot/core';

// The dialog (and the schema that checks a full guide) loads when a guide is first opened.
const GuideConfirmDialog = lazy(() =>
  import('../../features/guide-confirm/components/guide-confirm-dialog').then((m) => ({
    default: m.GuideConfirmDialog,
  })),
);

/**
 * Composes a list with the guide confirm dialog: `open(guide)` shows it. `entry`: the list's
 * kind, which the visit is counted as come from (docs/insights.md "Entries").
 */
export function useGuideConfirm(entry: GuideEntry) {
  const [guide, setGuide] = useState<GuideSummary | null>(null);
  const [used, setUsed] = useState(false);
  const open = useCallback((g: GuideSummary) => {
    setUsed(true);
    setGuide(g);
  }, []);
  return {
    open,
    dialog: used && (
      <Suspense fallback={null}>
        <GuideConfirmDialog
          token={guide?.token ?? null}
          summary={guide ?? undefined}
          onClose={() => setGuide(null)}
          entry={entry}
        />
      </Suspense>
    ),
  };
}
