import { CHALLENGE_TEXTS } from '@earshot/core';
import { useAuthStore } from '../../auth/store';
import buttons from '../../ui/button.module.css';
import { UserIcon } from '../../ui/icons';
import styles from './challenge-view.module.css';

/**
 * SPEC §2: a visitor is told 'You must be signed in to participate', with a Sign in button
 * (the hunt says more, SPEC §6). The button opens the app's sign-in dialog.
 */
export function SignInPrompt({
  text = CHALLENGE_TEXTS.signInToParticipate,
  label = 'Sign in',
}: {
  text?: string;
  label?: string;
}) {
  return (
    <div className={styles.signIn}>
      <p className={styles.signInText}>{text}</p>
      <button
        type="button"
        className={buttons.button}
        onClick={() => useAuthStore.getState().openSignIn()}
      >
        <UserIcon size={18} />
        {label}
      </button>
    </div>
  );
}
