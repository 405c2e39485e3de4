import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { MemberOrders } from '@/features/order';
import { importWithReload } from '@/lib/lazy-load';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { MemberFrame } from './member-frame';

const MemberOrderDetailView = lazy(() => importWithReload(() => import('./member-order-detail-view')));

/** `/member/order`: the list, or one order with `?id=`. */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <MemberFrame title={id ? memberMessages.orderTitle(id) : memberMessages.nav.orders}>
      {id ? (
        <Suspense fallback={<p className="muted">{messages.loading}</p>}>
          <MemberOrderDetailView id={id} />
        </Suspense>
      ) : (
        <MemberOrders />
      )}
    </MemberFrame>
  );
}
