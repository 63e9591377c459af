import { ResetPasswordScreen } from '../../features/auth/components/reset-password-screen';
import { usePageTitle } from '../../shared/lib/page-title';

export function ResetPasswordRoute() {
  usePageTitle('Reset password');
  return <ResetPasswordScreen />;
}
