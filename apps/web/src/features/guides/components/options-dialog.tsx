import { lazy, Suspense, useRef, useState } from 'react';
import styles from './options-dialog.module.css';

const loadPanel = () => import('./options-panel');
// The dialog code loads when the visitor reaches for the button, not with the list.
const OptionsPanel = lazy(() => loadPanel().then((m) => ({ default: m.OptionsPanel })));

/** The Options button of the grouped list and the sort dialog it opens (SPEC §2). */
export function OptionsDialog() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Options
      </button>
      {used && (
        <Suspense fallback={null}>
          <OptionsPanel open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
