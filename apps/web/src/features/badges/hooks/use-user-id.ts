import { isSignedIn, useAuthStore } from '../../../shared/auth/store';

/** The signed-in user's id, or null for a visitor. */
export const useUserId = (): string | null =>
  useAuthStore((s) => (isSignedIn(s) ? s.user!.id : null));
