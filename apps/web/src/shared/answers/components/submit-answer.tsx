import type { SubmitState } from '@earshot/core';
import buttons from '../../ui/button.module.css';
import styles from './answer-forms.module.css';

/** Every answer form's Submit, as the core rules say: hidden, disabled or enabled (SPEC §5). */
export function SubmitAnswer({ state }: { state: SubmitState }) {
  if (state === 'hidden') return null;
  return (
    <button
      type="submit"
      className={`${buttons.button} ${styles.submit}`}
      disabled={state === 'disabled'}
    >
      Submit
    </button>
  );
}
