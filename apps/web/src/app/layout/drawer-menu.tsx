import { lazy, Suspense, useRef, useState } from 'react';
import { MenuIcon } from '../../shared/ui/icons';
import styles from './drawer-menu.module.css';

const loadPanel = () => import('./drawer-panel');
// The menu and its dialog code load when the visitor reaches for the button, not with the page.
const DrawerPanel = lazy(() => loadPanel().then((m) => ({ default: m.DrawerPanel })));

/** The header's menu button and the right drawer menu it opens (SPEC §2). */
export function DrawerMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {used && (
        <Suspense fallback={null}>
          <DrawerPanel open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
