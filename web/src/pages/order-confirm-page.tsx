import { useLocation } from 'react-router';
import { flowOfPath } from '@/lib/paths';
import { OrderConfirm } from '@/features/order';
import { NotFoundPage } from '@/pages/error-pages';
import { massageSummary } from './massage-extras';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  const flow = flowOfPath(useLocation().pathname);
  if (!flow) return <NotFoundPage />;
  return (
    <SignedInOnly>
      <OrderConfirm flow={flow} more={flow === 'massage' ? massageSummary : undefined} />
    </SignedInOnly>
  );
}
