import { Wallet } from '@/features/payment';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  return (
    <SignedInOnly>
      <Wallet />
    </SignedInOnly>
  );
}
