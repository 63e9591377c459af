import { useState } from 'react';
import type { Challenge } from '@earshot/core';
import { giveAnswer } from './submit';
import { useAnswersChanged } from './use-answers';

/** Gives an answer to `challenge` from a form: saving while it goes into the queue. */
export function useGiveAnswer(challenge: Pick<Challenge, 'id' | 'resourcetype'>) {
  const changed = useAnswersChanged();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const give = async (value: string, photo: Blob | null = null) => {
    setSaving(true);
    setError(null);
    try {
      await giveAnswer(
        { challenge: challenge.id, type: challenge.resourcetype, value, photo },
        changed,
      );
    } catch {
      setError('Your answer could not be kept on this device. Please try again.');
    } finally {
      setSaving(false);
    }
  };
  return { give, saving, error };
}
