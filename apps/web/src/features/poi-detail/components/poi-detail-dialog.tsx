import * as Dialog from '@radix-ui/react-dialog';
import type { Poi } from '@earshot/core';
import { useVisit } from '../../../shared/visit/store';
import { CloseIcon } from '../../../shared/ui/icons';
import { useGalleryLightbox } from '../store';
import { PoiDetailContent } from './poi-detail-content';
import styles from './poi-detail-dialog.module.css';

/**
 * The 'modal' layout: the whole detail, full screen on phones and a large panel on desktop,
 * above the footer player, which stays usable: the dialog is not modal, and a press or focus
 * in the player (StaysUsable) leaves it open; anywhere else outside, or Escape, closes it.
 */
export function PoiDetailDialog({ poi }: { poi: Poi }) {
  const closeDetail = useVisit((s) => s.closeDetail);
  const detailTab = useVisit((s) => s.detailTab);
  return (
    <Dialog.Root open modal={false} onOpenChange={(open) => !open && closeDetail()}>
      <Dialog.Portal>
        {/* Radix draws no overlay for a dialog that is not modal: the backdrop is our own. */}
        <div className={styles.overlay} aria-hidden="true" />
        <Dialog.Content
          className={`${styles.panel} es-dialog`}
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => {
            // Escape in the full-screen pictures closes them, not the detail under them.
            if (useGalleryLightbox.getState().open) e.preventDefault();
          }}
        >
          <Dialog.Close className={styles.close} aria-label="Close the stop">
            <CloseIcon size={22} />
          </Dialog.Close>
          <PoiDetailContent
            key={`${poi.token}:${detailTab ?? ''}`}
            poi={poi}
            mode="modal"
            onClose={closeDetail}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
