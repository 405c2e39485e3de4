import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { ForgotPasswordForm } from '@/features/account';

export function Component() {
  usePageTitle(accountMessages.forgotTitle);
  return <ForgotPasswordForm />;
}
