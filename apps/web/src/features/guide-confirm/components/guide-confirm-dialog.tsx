import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense } from 'react';
import type { GuideEntry, GuideSummary } from '@earshot/core';
import { CloseIcon } from '../../../shared/ui/icons';
import { RetryButton } from '../../../shared/ui/empty-state';
import { useTourByToken } from '../../../shared/visit/api/get-tour-by-token';
import styles from './guide-confirm-dialog.module.css';

// The body (HTML sanitiser, QR codes) loads only when a guide is opened.
const GuideConfirmBody = lazy(() =>
  import('./guide-confirm-body').then((m) => ({ default: m.GuideConfirmBody })),
);

type Props = {
  /** Token of the guide to confirm; null when closed. */
  token: string | null;
  onClose: () => void;
  /** What the list already knows, shown at once while the full guide loads. */
  summary?: GuideSummary;
  /** While the guide is still partial, the dialog cannot be dismissed. */
  forceComplete?: boolean;
  /** Where the visit comes from, for insights (docs/insights.md "Entries"). */
  entry?: GuideEntry;
};

/** SPEC §2 guide confirm dialog: shows a guide and offers Visit (or one button per language). */
export function GuideConfirmDialog({
  token,
  onClose,
  summary,
  forceComplete = false,
  entry,
}: Props) {
  const detail = useTourByToken(token);
  const partial = !detail.data;
  const persistent = forceComplete && partial && !detail.isError;
  const guide = detail.data ?? (summary?.token === token ? summary : undefined);
  return (
    <Dialog.Root open={token !== null} onOpenChange={(open) => !open && !persistent && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => persistent && e.preventDefault()}
          onPointerDownOutside={(e) => persistent && e.preventDefault()}
        >
          {!persistent && (
            <Dialog.Close className={styles.close} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          )}
          {partial && !detail.isError && (
            <div className={styles.progress} role="progressbar" aria-label="Loading the guide">
              <span />
            </div>
          )}
          {!guide && (
            <Dialog.Title className={styles.loadingTitle}>
              {detail.isError ? 'This guide could not be loaded' : 'Loading the guide…'}
            </Dialog.Title>
          )}
          {detail.isError && (
            <p className={styles.error}>
              {detail.error.message}{' '}
              <RetryButton error={detail.error} retry={detail.refetch} className={styles.retry} />
            </p>
          )}
          {guide && (
            <Suspense
              fallback={<Dialog.Title className={styles.loadingTitle}>{guide.title}</Dialog.Title>}
            >
              <GuideConfirmBody
                guide={guide}
                detail={detail.data}
                onVisit={onClose}
                entry={entry}
              />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
