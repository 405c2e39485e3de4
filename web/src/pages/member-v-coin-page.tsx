import { Wallet } from '@/features/payment';
import { MemberFrame } from './member-frame';

export function Component() {
  return (
    <MemberFrame>
      <Wallet />
    </MemberFrame>
  );
}
