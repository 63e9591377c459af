import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';
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
import { isSignedIn, useAuthStore } from '../../shared/auth/store';
import { AuthBanner } from '../../features/auth/components/auth-banner';
import { UnregisterDialog } from '../../features/auth/components/unregister-dialog';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { LeaveIcon, StudioIcon, UserRemoveIcon } from './drawer-icons';
import { useStudioLink } from './use-studio-link';
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
 * The open drawer menu of SPEC §2 (loaded on first use with its dialog code): Login, or
 * Logout and Unregister (after a confirmation) for the signed-in.
 */
export function DrawerPanel({ open, onOpenChange, trigger }: LazyDialogProps) {
  const { dark, monochrome, toggleDark, toggleMonochrome } = usePreferences();
  const fullscreen = useFullscreen();
  const user = useAuthStore((s) => (isSignedIn(s) ? s.user : null));
  const openSignIn = useAuthStore((s) => s.openSignIn);
  const studio = useStudioLink(user?.id ?? null);
  const logout = useSignOut();
  const [confirming, setConfirming] = useState(false);
  // Opened once the menu has gone and its button has the focus back, so the sign-in dialog
  // returns the focus there too when it closes.
  const afterClose = useRef<(() => void) | null>(null);
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
            logout.clearMessage();
            afterClose.current?.();
            afterClose.current = null;
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>Menu</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {user && (
            <p className={styles.account}>
              <span className={styles.avatar} aria-hidden="true">
                {user.name.trim().charAt(0).toUpperCase() || '?'}
              </span>
              <span className={styles.who}>
                <span className={styles.name}>{user.name}</span>
                <span className={styles.email}>{user.email}</span>
              </span>
            </p>
          )}
          <nav aria-label="Main">
            <ul className={styles.list}>
              <li>
                {user ? (
                  <button
                    type="button"
                    className={styles.item}
                    aria-disabled={logout.busy || undefined}
                    onClick={() => {
                      if (!logout.busy) void logout.signOut().then((done) => done && close());
                    }}
                  >
                    <LeaveIcon />
                    <span className={styles.label}>{logout.busy ? 'Logging out…' : 'Logout'}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className={styles.item}
                    onClick={() => {
                      afterClose.current = () => openSignIn();
                      close();
                    }}
                  >
                    <UserIcon />
                    <span className={styles.label}>Login</span>
                  </button>
                )}
                <AuthBanner message={logout.message} />
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
              {studio && (
                <li>
                  <Link to="/studio" className={styles.item} onClick={close}>
                    <StudioIcon />
                    <span className={styles.label}>Studio</span>
                  </Link>
                </li>
              )}
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
              {user && (
                <li>
                  <button
                    type="button"
                    className={`${styles.item} ${styles.danger}`}
                    aria-haspopup="dialog"
                    onClick={() => setConfirming(true)}
                  >
                    <UserRemoveIcon />
                    <span className={styles.label}>Unregister</span>
                  </button>
                </li>
              )}
            </ul>
          </nav>
          <UnregisterDialog
            open={confirming}
            onOpenChange={setConfirming}
            onDone={() => {
              setConfirming(false);
              close();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
