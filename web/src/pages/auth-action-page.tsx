import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { AuthAction } from '@/features/account';

export function Component() {
  usePageTitle(accountMessages.actionTitle);
  return <AuthAction />;
}
