import { saveStatusText, type SaveState } from '../lib/save-status';
import styles from './editor.module.css';

/** The draft's saved / saving / offline state, announced politely as it changes. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p className={styles.saveStatus} data-state={state.kind} role="status" aria-live="polite">
      <span className={styles.saveDot} aria-hidden="true" />
      {saveStatusText(state)}
    </p>
  );
}
