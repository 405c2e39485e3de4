import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { LoginForm, SignedOutOnly } from '@/features/account';

export function Component() {
  usePageTitle(accountMessages.loginTitle);
  return (
    <SignedOutOnly>
      <LoginForm />
    </SignedOutOnly>
  );
}
