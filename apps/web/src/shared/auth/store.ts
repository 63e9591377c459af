import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AuthMessage } from '@earshot/core';

/** The signed-in user as the identity service gives them. */
export type AuthUser = { id: string; name: string; email: string };

/** The sign-in dialog's tabs: Sign In, Register, and the hidden password-reset tab (SPEC §2). */
export type SignInTab = 'signIn' | 'register' | 'reset';

type AuthState = {
  user: AuthUser | null;
  /** The session token (better-auth bearer), sent as `Authorization: Bearer …` when signed in. */
  token: string | null;
  /** The sign-in dialog is open (SPEC §6: never reopened while signed in). */
  dialogOpen: boolean;
  /** The tab the dialog opens on. */
  dialogTab: SignInTab;
  /** A message the dialog shows when it opens (a failed Google sign-in, a password reset). */
  dialogNotice: AuthMessage | null;
  signedIn: (user: AuthUser, token: string) => void;
  signedOut: () => void;
  /** Opens the sign-in dialog (on Sign In unless told), unless someone is signed in. */
  openSignIn: (tab?: SignInTab, notice?: AuthMessage) => void;
  closeSignIn: () => void;
};

const STORAGE_KEY = 'earshot-auth';

/**
 * Who is signed in, kept in local storage (SPEC §4 auth). Signed in means a user and a token
 * both exist. Features read it and call its actions; the dialog itself is a feature.
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      user: null,
      token: null,
      dialogOpen: false,
      dialogTab: 'signIn',
      dialogNotice: null,
      signedIn: (user, token) => set({ user, token, dialogOpen: false, dialogNotice: null }),
      signedOut: () => set({ user: null, token: null }),
      openSignIn: (tab = 'signIn', notice) => {
        if (!isSignedIn(get()))
          set({ dialogOpen: true, dialogTab: tab, dialogNotice: notice ?? null });
      },
      closeSignIn: () => set({ dialogOpen: false, dialogNotice: null }),
    }),
    {
      name: STORAGE_KEY,
      version: 0,
      partialize: (s) => ({ user: s.user, token: s.token }),
    },
  ),
);

// Signing in or out in another tab of the app counts in this one too.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) void useAuthStore.persist.rehydrate();
  });

export const isSignedIn = (s: Pick<AuthState, 'user' | 'token'>) => !!s.user && !!s.token;

/** The `Authorization` header for API calls: present only when signed in (SPEC §6). */
export function authHeader(): Record<string, string> {
  const s = useAuthStore.getState();
  return isSignedIn(s) ? { authorization: `Bearer ${s.token}` } : {};
}
