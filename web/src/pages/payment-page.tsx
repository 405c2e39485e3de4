import { useSearchParams } from 'react-router';
import { Checkout } from '@/features/payment';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  const [params] = useSearchParams();
  return (
    <SignedInOnly>
      <Checkout orderId={params.get('order') ?? ''} />
    </SignedInOnly>
  );
}
