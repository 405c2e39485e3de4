import { ForgotPasswordForm } from '@/features/account';

export function Component() {
  return <ForgotPasswordForm />;
}
