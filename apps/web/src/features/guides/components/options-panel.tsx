import * as Dialog from '@radix-ui/react-dialog';
import { useGuideList } from '../store';
import { CenteredDialog } from '../../../shared/ui/centered-dialog';
import { CloseIcon } from '../../../shared/ui/icons';
import styles from './options-dialog.module.css';
import type { LazyDialogProps } from '../../../shared/ui/lazy-dialog-button';

/** The open Options dialog (loaded on first use): sort by City or State, and ascending. */
export function OptionsPanel({ open, onOpenChange, trigger }: LazyDialogProps) {
  const { sort, setSort } = useGuideList();
  return (
    <CenteredDialog
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName={styles.overlay}
      className={styles.dialog}
      aria-describedby={undefined}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        trigger.current?.focus();
      }}
    >
      <div className={styles.head}>
        <Dialog.Title className={styles.title}>Options</Dialog.Title>
        <Dialog.Close className={styles.close} aria-label="Close options">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <fieldset className={styles.group}>
        <legend>Sort by</legend>
        {(['city', 'state'] as const).map((by) => (
          <label key={by} className={styles.option}>
            <input
              type="radio"
              name="sort-by"
              checked={sort.by === by}
              onChange={() => setSort({ ...sort, by })}
            />
            {by === 'city' ? 'City' : 'State'}
          </label>
        ))}
      </fieldset>
      <label className={styles.option}>
        <input
          type="checkbox"
          checked={sort.ascending}
          onChange={(e) => setSort({ ...sort, ascending: e.target.checked })}
        />
        Ascending
      </label>
    </CenteredDialog>
  );
}
