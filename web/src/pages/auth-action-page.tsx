import { useLocation } from 'react-router';
import { accountMessages } from '@/lib/account-messages';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { AuthAction, AuthContinue } from '@/features/account';

/** Where mailed links land, and where a sign-in with an identity provider comes back: one module,
 * so the first page's route table carries one entry for both. */
export function Component() {
  const continuing = useLocation().pathname === paths.authContinue;
  usePageTitle(continuing ? accountMessages.continueTitle : accountMessages.actionTitle);
  return continuing ? <AuthContinue /> : <AuthAction />;
}
