import { useAtomValue } from 'jotai';
import { userAtom } from '@/features/account';
import { NextOrder } from '@/features/order';
import { WalletCard } from '@/features/payment';
import { InviteCard } from '@/features/referral';
import { UnreadCard } from '@/features/support';
import { memberMessages } from '@/lib/member-messages';
import { MemberFrame } from './member-frame';

/** `/member`: what a customer looks for first. */
export function Component() {
  const user = useAtomValue(userAtom);
  return (
    <MemberFrame title={memberMessages.nav.home}>
      <section className="member-home">
        <h1>{memberMessages.home.greeting(user?.displayName ?? '')}</h1>
        <div className="member-cards">
          <NextOrder />
          <WalletCard />
          <UnreadCard />
          <InviteCard />
        </div>
      </section>
    </MemberFrame>
  );
}
