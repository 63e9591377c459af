import { MenuIcon } from '../../shared/ui/icons';
import { lazyDialogButton } from '../../shared/ui/lazy-dialog-button';
import styles from './drawer-menu.module.css';

// The menu and its dialog code load when the visitor reaches for the button, not with the page.
const MenuButton = lazyDialogButton(() => import('./drawer-panel').then((m) => m.DrawerPanel));

/** The header's menu button and the right drawer menu it opens (SPEC §2). */
export function DrawerMenu() {
  return (
    <MenuButton className={styles.trigger} aria-label="Open menu">
      <MenuIcon />
    </MenuButton>
  );
}
