import { lazyDialogButton } from '../../../shared/ui/lazy-dialog-button';
import styles from './options-dialog.module.css';

// The dialog code loads when the visitor reaches for the button, not with the list.
const OptionsButton = lazyDialogButton(() => import('./options-panel').then((m) => m.OptionsPanel));

/** The Options button of the grouped list and the sort dialog it opens (SPEC §2). */
export function OptionsDialog() {
  return <OptionsButton className={styles.trigger}>Options</OptionsButton>;
}
