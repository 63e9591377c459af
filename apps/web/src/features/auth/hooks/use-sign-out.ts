import { useState } from 'react';
import { logoutFailedMessage, type AuthMessage } from '@earshot/core';
import { useAuthStore } from '../../../shared/auth/store';
import { signOut } from '../api/sign-out';

/**
 * Logout (SPEC §2 drawer): ends the session on the server, then here. When the server could
 * not be reached the visitor stays signed in and sees 'Unable to logout: …' (a warning,
 * SPEC §8), since the session would otherwise live on where they cannot end it.
 */
export function useSignOut() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AuthMessage | null>(null);
  const run = async (): Promise<boolean> => {
    const { token, signedOut } = useAuthStore.getState();
    setBusy(true);
    setMessage(null);
    try {
      if (token) await signOut(token);
      signedOut();
      return true;
    } catch (err) {
      setMessage(logoutFailedMessage((err as Error).message));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { signOut: run, busy, message, clearMessage: () => setMessage(null) };
}
