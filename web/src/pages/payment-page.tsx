import { paymentMessages } from '@/lib/payment-messages';
import { usePageTitle } from '@/lib/page-title';
import { useSearchParams } from 'react-router';
import { OrderCancellationLine } from '@/features/order';
import { Checkout } from '@/features/payment';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  usePageTitle(paymentMessages.payment.title);
  const [params] = useSearchParams();
  return (
    <SignedInOnly>
      <Checkout orderId={params.get('order') ?? ''} policy={(o) => <OrderCancellationLine order={o} />} />
    </SignedInOnly>
  );
}
