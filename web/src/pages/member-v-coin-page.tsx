import { memberMessages } from '@/lib/member-messages';
import { Wallet } from '@/features/payment';
import { MemberFrame } from './member-frame';

export function Component() {
  return (
    <MemberFrame title={memberMessages.nav.vCoin}>
      <Wallet />
    </MemberFrame>
  );
}
