import { useAtomValue } from 'jotai';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { flowOfPath } from '@/lib/paths';
import { OrderStep1 } from '@/features/order';
import { tokenAtom } from '@/lib/store';
import { NotFoundPage } from '@/pages/error-pages';

/** `/order/{flow}/step1?plan=…` and `/order/escort/{planId}/step1`. */
export function Component() {
  const { pathname } = useLocation();
  const { planId } = useParams();
  const [query] = useSearchParams();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const flow = flowOfPath(pathname);
  if (!flow) return <NotFoundPage />;
  return <OrderStep1 flow={flow} planId={planId ?? query.get('plan') ?? ''} signedIn={signedIn} />;
}
