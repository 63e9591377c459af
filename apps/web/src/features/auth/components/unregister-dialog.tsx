import { useState } from 'react';
import type { AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { unregister } from '../api/unregister';
import { AuthBanner } from './auth-banner';

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
    <ConfirmDialog
      open={open}
      title="Unregister?"
      description="Your account is deleted with your answers, badges and guide subscriptions. This cannot be undone."
      message={<AuthBanner message={message} />}
      keepLabel="Keep my account"
      actionLabel={busy ? 'Unregistering…' : 'Unregister'}
      busy={busy}
      onKeep={() => onOpenChange(false)}
      onAction={() => void confirm()}
    />
  );
}
