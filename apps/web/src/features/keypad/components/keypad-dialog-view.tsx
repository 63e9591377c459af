import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, type KeyboardEvent } from 'react';
import { CloseIcon, KeypadIcon, ListIcon } from '../../../shared/ui/icons';
import { useBackToClose } from '../hooks/use-back-to-close';
import { useKeypad, type KeypadHandlers } from '../hooks/use-keypad';
import type { KeypadStop } from '../lib/keypad-stop';
import { useMediaQuery } from '../hooks/use-media-query';
import { DirectoryList } from './directory-list';
import { KeypadPad } from './keypad-pad';
import styles from './keypad-dialog.module.css';

export type KeypadMode = 'keypad' | 'directory';

type Props = {
  /** The stops (those without a keypad code are left out). */
  stops: readonly KeypadStop[];
  mode: KeypadMode;
  setMode: (mode: KeypadMode) => void;
  onClose: () => void;
  /** The stop marked in the directory when no number has matched yet. */
  selected: string | null;
  handlers: KeypadHandlers;
};

/**
 * SPEC §2 keypad dialog: full screen, the keypad and the directory side by side on wide
 * screens and one at a time (with a toggle) on small ones; the browser back button closes it.
 * What a match does is the caller's (keypad-dialog.tsx for a guide, the /keypad_test page).
 */
export function KeypadDialogView({ stops, mode, setMode, onClose, selected, handlers }: Props) {
  const { state, act, pois } = useKeypad(stops, handlers);
  const wide = useMediaQuery('(min-width: 768px)');
  useBackToClose('keypad', onClose);

  const showPad = wide || mode === 'keypad';
  const showList = wide || mode === 'directory';
  const title = showPad ? 'Keypad' : 'Directory';

  const pick = useCallback(
    (token: string) => {
      act({ type: 'select', token });
      // On a phone the result shows on the keypad, so the visitor sees what was picked.
      setMode('keypad');
    },
    [act, setMode],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    if (/^\d$/.test(e.key)) {
      e.preventDefault();
      if (!showPad) setMode('keypad');
      act({ type: 'digit', digit: e.key });
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      act({ type: 'backspace' });
    } else if (e.key === 'Enter') {
      // Enter on a link or a list button activates it; anywhere else (a key of the pad
      // included, as on a phone's dialer) it submits the number.
      const own = target.closest('button,a');
      if (own && !own.hasAttribute('data-keypad-key')) return;
      e.preventDefault();
      act({ type: 'submit' });
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          // The dialog itself takes focus, so typed digits go to the keypad at once and no
          // button wears a focus ring the visitor did not put there.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement | null)?.focus();
          }}
          data-wide={wide}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </header>
          {!wide && (
            <div className={styles.toggle} role="group" aria-label="Show">
              <button
                type="button"
                aria-pressed={mode === 'keypad'}
                onClick={() => setMode('keypad')}
              >
                <KeypadIcon size={18} />
                Keypad
              </button>
              <button
                type="button"
                aria-pressed={mode === 'directory'}
                onClick={() => setMode('directory')}
              >
                <ListIcon size={18} />
                Directory
              </button>
            </div>
          )}
          <div className={styles.body}>
            {showPad && (
              <section className={styles.padPane} aria-label="Keypad">
                <KeypadPad state={state} act={act} pois={pois} />
              </section>
            )}
            {showList && (
              <section className={styles.listPane} aria-labelledby="keypad-directory-heading">
                <h3
                  id="keypad-directory-heading"
                  className={wide ? styles.listHeading : 'visually-hidden'}
                >
                  Directory
                </h3>
                <DirectoryList
                  pois={pois}
                  selected={state.match ?? selected}
                  onPick={pick}
                  label="Stops by number"
                />
              </section>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
