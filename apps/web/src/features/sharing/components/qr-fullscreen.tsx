import * as Dialog from '@radix-ui/react-dialog';
import { QrCode } from '../../../shared/ui/qr-code';
import styles from './qr-fullscreen.module.css';

/** The QR code filling the screen, for a phone held up to another one; a tap closes it. */
export function QrFullscreen({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content className={styles.full} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">QR code</Dialog.Title>
          <Dialog.Close className={styles.close} aria-label="Close the full-screen QR code">
            <QrCode value={url} label={`QR code for ${url}`} />
            <span className={styles.hint}>Tap to close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
