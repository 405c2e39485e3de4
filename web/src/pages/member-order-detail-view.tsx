import { MemberOrderDetail } from '@/features/order';
import { OrderReview } from '@/features/review';
import { massageSummary } from './massage-extras';

/** One order in the member area (`/member/order?id=`): a chunk of its own, which the list's first
 * screen does without (payment, review, massage and cancellation code). */
export default function MemberOrderDetailView({ id }: { id: string }) {
  return (
    <MemberOrderDetail
      key={id}
      id={id}
      more={(flow, details) => (flow === 'massage' ? massageSummary(details) : null)}
      review={(orderId) => <OrderReview orderId={orderId} />}
    />
  );
}
