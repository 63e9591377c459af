import { lazy, Suspense, useState } from 'react';
import { useAuthStore } from '../../shared/auth/store';
import { takeOAuthPending } from '../../features/auth/lib/oauth-pending';

// Their code loads when first needed, not with the page (the home route's budget).
const SignInDialog = lazy(() =>
  import('../../features/auth/components/sign-in-dialog').then((m) => ({
    default: m.SignInDialog,
  })),
);
const GoogleReturn = lazy(() =>
  import('../../features/auth/components/google-return').then((m) => ({ default: m.GoogleReturn })),
);

/** Read once per page: whether it is where Google's sign-in came back to. */
let fromGoogle: boolean | undefined;
const returningFromGoogle = () => (fromGoogle ??= takeOAuthPending());

/**
 * The sign-in dialog, mounted once for the whole app from the first time a feature opens it
 * (through the auth store), and the end of a Google sign-in when the page is its return.
 */
export function AuthMount() {
  const open = useAuthStore((s) => s.dialogOpen);
  const [used, setUsed] = useState(open);
  const [returning] = useState(returningFromGoogle);
  if (open && !used) setUsed(true);
  return (
    <Suspense fallback={null}>
      {used && <SignInDialog />}
      {returning && <GoogleReturn />}
    </Suspense>
  );
}
