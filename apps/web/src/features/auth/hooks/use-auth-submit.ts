import { useState, type FormEvent } from 'react';
import type { AuthMessage } from '@earshot/core';

/**
 * Sends an auth form: not while it is busy or while a field is in error (`check` puts the
 * focus on the first); otherwise the message is cleared and `send` runs, its failure shown as
 * an error. After a success the form stays busy: it gives way to what follows.
 */
export function useAuthSubmit(
  check: (form: HTMLFormElement) => boolean,
  onMessage: (message: AuthMessage | null) => void,
  send: () => Promise<void>,
) {
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !check(e.currentTarget)) return;
    setBusy(true);
    onMessage(null);
    try {
      await send();
    } catch (err) {
      onMessage({ text: (err as Error).message, status: 'error' });
      setBusy(false);
    }
  };

  return { busy, onSubmit: (e: FormEvent<HTMLFormElement>) => void submit(e) };
}
