import { Spinner } from '../../../shared/ui/spinner';
import { ResetPasswordLayout } from './reset-password-layout';

/** The page before its code arrives (and the server's page shell). */
export function ResetPasswordSkeleton() {
  return (
    <ResetPasswordLayout>
      <Spinner label="Loading" />
    </ResetPasswordLayout>
  );
}
