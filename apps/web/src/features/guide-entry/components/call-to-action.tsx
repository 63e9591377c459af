import { useEffect, useState } from 'react';
import { CALL_TO_ACTION_MS, takePartLine } from '@earshot/core';
import { isSignedIn, useAuthStore } from '../../../shared/auth/store';
import { CloseIcon, StarIcon } from '../../../shared/ui/icons';
import styles from './call-to-action.module.css';

/**
 * SPEC §2: the 'Register to take part' banner for visitors who are not signed in, hidden
 * after 30 s (or when closed). Tapping it opens the sign-in dialog on its Register tab. Shown
 * only for a guide with badges or a scavenger hunt, and naming only what it has (core
 * takePartLine); while its hunts are still asked for, a guide with badges shows it at once.
 */
export function CallToAction({ badges, hunts }: { badges: number; hunts: number }) {
  const line = takePartLine(badges, hunts);
  const signedIn = useAuthStore(isSignedIn);
  const openSignIn = useAuthStore((s) => s.openSignIn);
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setShown(false), CALL_TO_ACTION_MS);
    return () => clearTimeout(t);
  }, []);
  if (!shown || signedIn || !line) return null;
  return (
    <aside className={styles.banner} aria-label="Take part">
      <StarIcon size={22} className={styles.star} />
      <button
        type="button"
        className={styles.text}
        aria-haspopup="dialog"
        onClick={() => {
          setShown(false);
          openSignIn('register');
        }}
      >
        <strong>Register to take part</strong>
        <span>{line}</span>
      </button>
      <button
        type="button"
        className={styles.close}
        aria-label="Hide this message"
        onClick={() => setShown(false)}
      >
        <CloseIcon size={18} />
      </button>
    </aside>
  );
}
