// The site header's parts for a signed-in visitor, as a module of its own: the header loads it only
// for them, so the first page of everyone else carries none of it. The unread replies, and the
// app of an account that has one beside the member area (a partner's, the staff's console).
import { useAtomValue } from 'jotai';
import { HeaderUnread } from '@/features/support';
import { memberMessages } from '@/lib/member-messages';
import { tokenAtom } from '@/lib/store';
import { homeOf, roleOf } from '@/lib/token-claims';

export default function SignedInHeader() {
  const home = homeOf(roleOf(useAtomValue(tokenAtom)));
  const app = home === '/partner' ? memberMessages.nav.partnerApp : home === '/ops' ? memberMessages.nav.console : undefined;
  return (
    <>
      <HeaderUnread />
      {app && (
        <a href={home} className="button button-primary button-small" data-testid="own-app">
          {app}
        </a>
      )}
    </>
  );
}
