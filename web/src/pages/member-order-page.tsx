import { useSearchParams } from 'react-router';
import { MemberOrderDetail, MemberOrders } from '@/features/order';
import { OrderReview } from '@/features/review';
import { memberMessages } from '@/lib/member-messages';
import { MemberFrame } from './member-frame';
import { massageSummary } from './massage-extras';

/** `/member/order`: the list, or one order with `?id=`. */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <MemberFrame title={id ? memberMessages.orderTitle(id) : memberMessages.nav.orders}>
      {id ? (
        <MemberOrderDetail key={id} id={id} more={(flow, details) => (flow === 'massage' ? massageSummary(details) : null)}
          review={(orderId) => <OrderReview orderId={orderId} />}
        />
      ) : (
        <MemberOrders />
      )}
    </MemberFrame>
  );
}
