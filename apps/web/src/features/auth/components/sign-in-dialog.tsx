import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useId, useRef, useState } from 'react';
import { AUTH_MESSAGES, type AuthMessage } from '@earshot/core';
import { useAuthStore, type SignInTab } from '../../../shared/auth/store';
import { CenteredDialog } from '../../../shared/ui/centered-dialog';
import { CloseIcon } from '../../../shared/ui/icons';
import { AuthBanner } from './auth-banner';
import { RegisterForm } from './register-form';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import styles from './sign-in-dialog.module.css';

/**
 * The tabs of the open dialog, fresh each time it opens: Sign In and Register, and the
 * reset tab that has no tab of its own and returns to the tab it was opened from.
 */
function SignInTabs({ initialTab, notice }: { initialTab: SignInTab; notice: AuthMessage | null }) {
  const [tab, setTab] = useState<SignInTab>(initialTab);
  const [before, setBefore] = useState<Exclude<SignInTab, 'reset'>>('signIn');
  const [message, setMessage] = useState<AuthMessage | null>(notice);
  const [email, setEmail] = useState('');
  const resetHeading = useId();

  const go = (next: SignInTab, withMessage: AuthMessage | null = null) => {
    if (next === 'reset' && tab !== 'reset') setBefore(tab);
    setTab(next);
    setMessage(withMessage);
  };

  return (
    <Tabs.Root value={tab} onValueChange={(v) => go(v as SignInTab)}>
      <Tabs.List className={styles.tabList} aria-label="Sign in or register">
        <Tabs.Trigger value="signIn" className={styles.tab}>
          Sign In
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className={styles.tab}>
          Register
        </Tabs.Trigger>
      </Tabs.List>
      <AuthBanner message={message} />
      <Tabs.Content value="signIn" className={styles.panel}>
        <SignInForm
          email={email}
          onEmail={setEmail}
          onForgot={() => go('reset')}
          onRegister={() => go('register')}
          onMessage={setMessage}
        />
      </Tabs.Content>
      <Tabs.Content value="register" className={styles.panel}>
        <RegisterForm email={email} onMessage={setMessage} />
      </Tabs.Content>
      {/* No tab names this panel: its own heading does. */}
      <Tabs.Content value="reset" className={styles.panel} aria-labelledby={resetHeading}>
        <ResetRequestForm
          headingId={resetHeading}
          email={email}
          onEmail={setEmail}
          onBack={() => go(before)}
          onSent={() => go(before, { text: AUTH_MESSAGES.resetSent, status: 'info' })}
          onMessage={setMessage}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * SPEC §2 sign-in dialog, titled Login, opened through the auth store (which never opens it
 * for someone signed in) and closed by it once signed in. Mounted once by the app.
 */
export function SignInDialog() {
  const open = useAuthStore((s) => s.dialogOpen);
  const tab = useAuthStore((s) => s.dialogTab);
  const notice = useAuthStore((s) => s.dialogNotice);
  const close = useAuthStore((s) => s.closeSignIn);
  const content = useRef<HTMLDivElement>(null);
  // What had the focus when it opened (it has no Dialog.Trigger for Radix to go back to).
  const before = useRef<HTMLElement | null>(null);

  return (
    <CenteredDialog
      open={open}
      onOpenChange={(o) => !o && close()}
      overlayClassName={styles.overlay}
      ref={content}
      className={styles.dialog}
      onOpenAutoFocus={(e) => {
        before.current = document.activeElement as HTMLElement | null;
        // The first field of the open tab, not the close button.
        const input = content.current?.querySelector<HTMLElement>(
          '[role="tabpanel"][data-state="active"] input',
        );
        if (input) {
          e.preventDefault();
          input.focus();
        }
      }}
      onCloseAutoFocus={(e) => {
        const back = before.current;
        if (back?.isConnected && back !== document.body) {
          e.preventDefault();
          back.focus();
        }
      }}
    >
      <div className={styles.head}>
        <div>
          <Dialog.Title className={styles.title}>Login</Dialog.Title>
          <Dialog.Description className={styles.prompt}>Sign in to your account</Dialog.Description>
        </div>
        <Dialog.Close className={styles.close} aria-label="Close">
          <CloseIcon />
        </Dialog.Close>
      </div>
      {/* Asked again while open (another tab, a message): it starts afresh. */}
      <SignInTabs key={`${tab} ${notice?.text ?? ''}`} initialTab={tab} notice={notice} />
    </CenteredDialog>
  );
}
