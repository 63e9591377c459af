import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import type { AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { unregister } from '../api/unregister';
import { AuthBanner } from './auth-banner';
import styles from './unregister-dialog.module.css';

/**
 * Asks before Unregister deletes the account (SPEC §2, §7 `unregister/`): an alert dialog
 * that needs an answer, its focus on Keep, the choice that loses nothing. Once the account
 * is gone the visitor is signed out.
 */
export function UnregisterDialog({
  open,
  onOpenChange,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the account was deleted. */
  onDone: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AuthMessage | null>(null);

  const confirm = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await unregister();
      useAuthStore.getState().signedOut();
      onDone();
    } catch (err) {
      setMessage({ text: (err as Error).message, status: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          role="alertdialog"
          className={styles.dialog}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            keep.current?.focus();
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className={styles.title}>Unregister?</Dialog.Title>
          <Dialog.Description className={styles.text}>
            Your account is deleted with your answers, badges and guide subscriptions. This cannot
            be undone.
          </Dialog.Description>
          <AuthBanner message={message} />
          <div className={styles.actions}>
            <Dialog.Close ref={keep} className={styles.keep} disabled={busy}>
              Keep my account
            </Dialog.Close>
            <button
              type="button"
              className={styles.delete}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? 'Unregistering…' : 'Unregister'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
