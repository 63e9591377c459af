import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CloseIcon,
  ContrastIcon,
  DownloadIcon,
  ExpandIcon,
  HomeIcon,
  InfoIcon,
  MailIcon,
  MoonIcon,
  UserIcon,
} from '../../shared/ui/icons';
import { usePreferences } from '../../shared/lib/preferences';
import { useFullscreen } from '../../shared/lib/use-fullscreen';
import { CONTACT_MAIL } from './contact';
import styles from './drawer-menu.module.css';
import type { LazyDialogProps } from '../../shared/ui/lazy-dialog-button';

function Toggle({
  icon,
  label,
  checked,
  onChange,
}: {
  icon: ReactNode;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={styles.item}
      onClick={onChange}
    >
      {icon}
      <span className={styles.label}>{label}</span>
      <span className={styles.switch} data-on={checked || undefined} aria-hidden="true" />
    </button>
  );
}

/**
 * The open drawer menu of SPEC §2 (loaded on first use with its dialog code). Sign-in arrives
 * in a later release; Unregister shows only when signed in.
 */
export function DrawerPanel({ open, onOpenChange, trigger }: LazyDialogProps) {
  const { dark, monochrome, toggleDark, toggleMonochrome } = usePreferences();
  const fullscreen = useFullscreen();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>Menu</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Main">
            <ul className={styles.list}>
              <li>
                <button
                  type="button"
                  className={styles.item}
                  aria-disabled="true"
                  title="Sign-in is coming soon"
                >
                  <UserIcon />
                  <span className={styles.label}>Login</span>
                  <span className={styles.soon}>Soon</span>
                </button>
              </li>
              <li>
                <Link to="/" className={styles.item} onClick={close}>
                  <HomeIcon />
                  <span className={styles.label}>All guides</span>
                </Link>
              </li>
              <li>
                <Link to="/downloads" className={styles.item} onClick={close}>
                  <DownloadIcon />
                  <span className={styles.label}>Downloaded guides</span>
                </Link>
              </li>
              <li>
                <Toggle
                  icon={<MoonIcon />}
                  label="Dark mode"
                  checked={dark}
                  onChange={toggleDark}
                />
              </li>
              <li>
                <Toggle
                  icon={<ContrastIcon />}
                  label="Monochrome"
                  checked={monochrome}
                  onChange={toggleMonochrome}
                />
              </li>
              {fullscreen.supported && (
                <li>
                  <Toggle
                    icon={<ExpandIcon />}
                    label="Fullscreen"
                    checked={fullscreen.active}
                    onChange={fullscreen.toggle}
                  />
                </li>
              )}
              <li>
                <Link to="/about" className={styles.item} onClick={close}>
                  <InfoIcon />
                  <span className={styles.label}>About</span>
                </Link>
              </li>
              <li>
                <a href={`mailto:${CONTACT_MAIL}`} className={styles.item}>
                  <MailIcon />
                  <span className={styles.label}>Contact us</span>
                </a>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
