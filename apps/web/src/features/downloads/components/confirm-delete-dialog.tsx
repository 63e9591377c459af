import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { formatBytes } from '@earshot/core';
import type { DownloadedGuide } from '../../../shared/offline/downloads';
import styles from './confirm-delete-dialog.module.css';

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
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={guide !== null} onOpenChange={(open) => !open && onKeep()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {guide && (
          <Dialog.Content
            role="alertdialog"
            className={styles.dialog}
            onOpenAutoFocus={(e) => {
              e.preventDefault();
              keep.current?.focus();
            }}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              onClosed();
            }}
            onPointerDownOutside={(e) => e.preventDefault()}
          >
            <Dialog.Title className={styles.title}>Delete {guide.title}?</Dialog.Title>
            <Dialog.Description className={styles.text}>
              Its audio, pictures and map ({formatBytes(guide.bytes)}) leave this device. To listen
              offline again, open the guide and choose Visit.
            </Dialog.Description>
            <div className={styles.actions}>
              <Dialog.Close ref={keep} className={styles.keep}>
                Keep
              </Dialog.Close>
              <button type="button" className={styles.delete} onClick={() => onDelete(guide)}>
                Delete
              </button>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
