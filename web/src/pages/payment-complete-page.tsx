import { clearDraftOf } from '@/features/order';
import { PaymentResult } from '@/features/payment';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  return (
    <SignedInOnly>
      <PaymentResult onPaid={clearDraftOf} />
    </SignedInOnly>
  );
}
