import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useAuthStore } from '../../../shared/auth/store';
import buttons from '../../../shared/ui/button.module.css';
import { CloseIcon, UserIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { useBadgeRows } from '../hooks/use-badge-rows';
import { BadgeCard } from './badge-card';
import { StarsIcon } from './icons';
import styles from './badges-overlay.module.css';

const badgesText = (n: number) => `${n} badge${n === 1 ? '' : 's'}`;

/**
 * The badges overlay of the guide screen (SPEC §2 overlay modes, §6): every badge of the
 * guide with the level and points the signed-in user has; a visitor is asked to sign in.
 * Closing it is the back action (SPEC §4): the visit goes back to what was open before.
 */
export function BadgesOverlay() {
  const guide = useGuide();
  const closeBadges = useVisit((s) => s.closeBadges);
  const { rows, signedIn, loading, error, retry } = useBadgeRows(guide.token);
  const earned = rows.filter((r) => r.progress.reached).length;
  // Opened by the map control, not a Radix trigger: the focus goes back to it by hand.
  const before = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeBadges()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.panel} es-dialog`}
          aria-describedby="badges-summary"
          onOpenAutoFocus={() => {
            before.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(e) => {
            const back = before.current;
            if (back?.isConnected && back !== document.body) {
              e.preventDefault();
              back.focus();
            }
          }}
        >
          <header className={styles.head}>
            <span className={styles.headIcon}>
              <StarsIcon size={22} />
            </span>
            <Dialog.Title className={styles.title}>Badges</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close badges">
              <CloseIcon size={22} />
            </Dialog.Close>
          </header>
          <p id="badges-summary" className={styles.summary}>
            {signedIn && !loading && !error
              ? `You have earned ${earned} of ${badgesText(rows.length)} on ${guide.title}.`
              : `Every stop of ${guide.title} you reach earns a point towards its badges.`}
          </p>
          {!signedIn && (
            <div className={styles.visitor}>
              <p>Sign in to earn badges as you walk: your points are kept on your account.</p>
              <button
                type="button"
                className={buttons.button}
                aria-haspopup="dialog"
                onClick={() => useAuthStore.getState().openSignIn()}
              >
                <UserIcon size={18} />
                Sign in
              </button>
            </div>
          )}
          {loading ? (
            <Spinner label="Loading the badges" />
          ) : error ? (
            <div className={styles.problem} role="alert">
              <p>The badges could not be loaded.</p>
              <button
                type="button"
                className={`${buttons.button} ${buttons.small}`}
                onClick={retry}
              >
                Try again
              </button>
            </div>
          ) : rows.length === 0 ? (
            <p className={styles.problem}>This guide has no badges.</p>
          ) : (
            <ul className={styles.list} aria-label={`Badges of ${guide.title}`}>
              {rows.map((row) => (
                <BadgeCard key={row.badge.id} row={row} signedIn={signedIn} />
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
