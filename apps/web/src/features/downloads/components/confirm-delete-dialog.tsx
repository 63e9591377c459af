import { formatBytes } from '@earshot/core';
import type { DownloadedGuide } from '../../../shared/offline/downloads';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

/**
 * Asks before a saved guide's files go (an alert dialog: it needs an answer, so a click
 * outside does not dismiss it). The focus starts on Keep, the choice that loses nothing.
 */
export function ConfirmDeleteDialog({
  guide,
  onKeep,
  onDelete,
  onClosed,
}: {
  /** The guide to ask about; null when closed. */
  guide: DownloadedGuide | null;
  onKeep: () => void;
  onDelete: (guide: DownloadedGuide) => void;
  /** Places the focus once the dialog has gone. */
  onClosed: () => void;
}) {
  // The guide is null only while the dialog is closed, when it shows neither title nor text.
  return (
    <ConfirmDialog
      open={guide !== null}
      title={guide && <>Delete {guide.title}?</>}
      description={
        guide && (
          <>
            Its audio, pictures and map ({formatBytes(guide.bytes)}) leave this device. To listen
            offline again, open the guide and choose Visit.
          </>
        )
      }
      keepLabel="Keep"
      actionLabel="Delete"
      onKeep={onKeep}
      onAction={() => guide && onDelete(guide)}
      onClosed={onClosed}
    />
  );
}
