import { useState } from 'react';
import type { GuideSummary } from '@earshot/core';
import { GuideConfirmDialog } from '../../features/guide-confirm/components/guide-confirm-dialog';

/** Composes a list with the guide confirm dialog: `open(guide)` shows it. */
export function useGuideConfirm() {
  const [guide, setGuide] = useState<GuideSummary | null>(null);
  return {
    open: setGuide,
    dialog: (
      <GuideConfirmDialog
        token={guide?.token ?? null}
        summary={guide ?? undefined}
        onClose={() => setGuide(null)}
      />
    ),
  };
}
