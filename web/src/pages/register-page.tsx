import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { RegisterForm, SignedOutOnly } from '@/features/account';

export function Component() {
  usePageTitle(accountMessages.registerTitle);
  return (
    <SignedOutOnly>
      <RegisterForm />
    </SignedOutOnly>
  );
}
