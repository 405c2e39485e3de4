// The site header's part for a signed-in visitor, as a module of its own: the header loads it only
// then, so the first page of everyone else carries none of it.
import { WorkLink } from '@/features/account';
import { HeaderUnread } from '@/features/support';

export default function HeaderSignedIn() {
  return (
    <>
      <WorkLink />
      <HeaderUnread />
    </>
  );
}
