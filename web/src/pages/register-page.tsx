import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { RegisterForm, SignedOutOnly } from '@/features/account';
import { rememberInvitation } from '@/features/referral';

export function Component() {
  usePageTitle(accountMessages.registerTitle);
  // An invitation link (`?ref=`) is kept for after sign-up, when the member area claims it.
  const invited = useSearchParams()[0].get('ref');
  useEffect(() => rememberInvitation(invited), [invited]);
  return (
    <SignedOutOnly>
      {invited && (
        <p className="notice notice-success" data-testid="invited">
          {accountMessages.invited}
        </p>
      )}
      <RegisterForm />
    </SignedOutOnly>
  );
}
