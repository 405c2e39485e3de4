// Reviews: all of them, hidden ones too, and hiding one.

import { ReviewView } from '@/gen/booking/v1/operator_pb';
import { useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { calls, OperatorService } from './shared';

export { ReviewView };

/** Every review, newest first, hidden ones too unless `view` picks. */
export function useReviews(view: ReviewView) {
  return useRpcPages(calls.listAllReviews, { view, pageSize: 50 }, (page) => page.reviews);
}

/** Takes a review off the pages; the server mails its customer the reason. */
export async function hideReview(orderId: string, reason: string) {
  await callRpc(calls.hideReview, { orderId, reason });
  await invalidate(OperatorService);
}
