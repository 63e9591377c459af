import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Challenge, ScavengerHunt } from '@earshot/core';
import { huntChallengesQueryOptions } from '../../../shared/hunts/api/get-hunt-challenges';
import { useOpenChallenge } from '../hooks/use-open-challenge';
import { ChallengeDialog } from './challenge-dialog';
import { HuntScreen } from './hunt-screen';

/** One or more hunts with the challenge dialog that their items open. */
export function HuntsWithDialog({ hunts, level }: { hunts: ScavengerHunt[]; level: 1 | 2 }) {
  const { open, show, back } = useOpenChallenge();
  // Closed (Back, Escape or the browser's back): the focus returns to the challenge's item.
  const [shown, setShown] = useState<number | null>(open);
  if (open !== null && open !== shown) setShown(open);
  useEffect(() => {
    if (open !== null || shown === null) return;
    document.querySelector<HTMLElement>(`[data-challenge="${shown}"]`)?.focus();
  }, [open, shown]);
  const qc = useQueryClient();
  const known = hunts.flatMap(
    (h) => qc.getQueryData<Challenge[]>(huntChallengesQueryOptions(h.id).queryKey) ?? [],
  );
  return (
    <>
      {hunts.map((h) => (
        <HuntScreen key={h.id} hunt={h} level={level} onOpen={show} />
      ))}
      {open !== null && <ChallengeDialog id={open} known={known} onBack={back} />}
    </>
  );
}
