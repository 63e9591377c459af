import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import styles from './confirm-dialog.module.css';
import { CenteredDialog } from './centered-dialog';

/**
 * Asks before something that cannot be undone: an alert dialog, which needs an answer, so a
 * click outside does not dismiss it. The focus starts on Keep, the choice that loses nothing.
 * While the action runs (`busy`) both buttons are disabled and the dialog cannot be closed.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  message,
  keepLabel,
  actionLabel,
  busy = false,
  onKeep,
  onAction,
  onClosed,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Between the description and the buttons: why the last try failed, for one. */
  message?: ReactNode;
  /** The safe choice, which closes the dialog. */
  keepLabel: string;
  /** The choice that deletes. */
  actionLabel: string;
  busy?: boolean;
  /** When the dialog is closed without the action: Keep, or Escape. */
  onKeep: () => void;
  onAction: () => void;
  /** Places the focus once the dialog has gone; without it, Radix returns it to the trigger. */
  onClosed?: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <CenteredDialog
      open={open}
      onOpenChange={(o) => !o && !busy && onKeep()}
      role="alertdialog"
      className={styles.dialog}
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        keep.current?.focus();
      }}
      onCloseAutoFocus={
        onClosed &&
        ((e) => {
          e.preventDefault();
          onClosed();
        })
      }
      onPointerDownOutside={(e) => e.preventDefault()}
    >
      <Dialog.Title className={styles.title}>{title}</Dialog.Title>
      <Dialog.Description className={styles.text}>{description}</Dialog.Description>
      {message !== undefined && <div className={styles.message}>{message}</div>}
      <div className={styles.actions}>
        <Dialog.Close ref={keep} className={styles.keep} disabled={busy}>
          {keepLabel}
        </Dialog.Close>
        <button type="button" className={styles.action} disabled={busy} onClick={onAction}>
          {actionLabel}
        </button>
      </div>
    </CenteredDialog>
  );
}
