import { paymentMessages } from '@/lib/payment-messages';
import { usePageTitle } from '@/lib/page-title';
import { clearDraftOf } from '@/features/order';
import { PaymentResult } from '@/features/payment';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  usePageTitle(paymentMessages.payment.completeTitle);
  return (
    <SignedInOnly>
      <PaymentResult onPaid={clearDraftOf} />
    </SignedInOnly>
  );
}
