import { OrderList } from '@/features/payment';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  return (
    <SignedInOnly>
      <OrderList />
    </SignedInOnly>
  );
}
