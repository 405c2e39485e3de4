import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { AuthContinue } from '@/features/account';

export function Component() {
  usePageTitle(accountMessages.continueTitle);
  return <AuthContinue />;
}
