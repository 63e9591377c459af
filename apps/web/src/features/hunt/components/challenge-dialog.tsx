import * as Dialog from '@radix-ui/react-dialog';
import type { Challenge } from '@earshot/core';
import { BackIcon } from '../../../shared/answers/components/icons';
import { ChallengeView } from '../../../shared/answers/components/challenge-view';
import { useChallenge } from '../../../shared/hunts/api/get-challenge';
import { Spinner } from '../../../shared/ui/spinner';
import styles from './challenge-dialog.module.css';

type Props = {
  id: number;
  /** The hunt's challenges at hand (the one opened is usually among them). */
  known: Challenge[] | undefined;
  onBack: () => void;
};

/** SPEC §2: a challenge opened from the hunt, in a dialog whose back button returns to it. */
export function ChallengeDialog({ id, known, onBack }: Props) {
  const local = known?.find((c) => c.id === id);
  const fetched = useChallenge(id, !local);
  const challenge = local ?? fetched.data;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onBack()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.panel} es-dialog`} aria-describedby={undefined}>
          {challenge ? (
            <ChallengeView
              challenge={challenge}
              title={Dialog.Title}
              top={
                <button type="button" className={styles.back} onClick={onBack}>
                  <BackIcon size={20} />
                  Back to the hunt
                </button>
              }
            />
          ) : (
            <>
              <Dialog.Title className="visually-hidden">Challenge</Dialog.Title>
              {fetched.isError ? (
                <p>This challenge could not be loaded.</p>
              ) : (
                <Spinner label="Loading the challenge" />
              )}
              <button type="button" className={styles.back} onClick={onBack}>
                <BackIcon size={20} />
                Back to the hunt
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
