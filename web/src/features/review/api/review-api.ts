import { ReviewService, type Review } from '@/gen/booking/v1/review_pb';
import { useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';

export type { Review };
export { refusal } from '@/lib/api/refusal';

const calls = ReviewService.method;

/** Whose reviews: a plan's or a therapist's. */
export type Subject = { case: 'planId'; value: string } | { case: 'therapistId'; value: string };

/** The shown reviews, newest first, ten at a time. */
export function useReviews(subject: Subject) {
  return useRpcPages(calls.listReviews, { subject, pageSize: 10 }, (page) => page.reviews);
}

/** The customer's review of an order; `review` unset while none. */
export function useOrderReview(orderId: string) {
  return useRpc(calls.getOrderReview, { orderId });
}

/** Writes or changes it; what shows reviews is read again. */
export async function submitReview(orderId: string, rating: number, comment: string): Promise<Review | undefined> {
  const { review } = await callRpc(calls.submitReview, { orderId, rating, comment });
  await invalidate(ReviewService);
  return review;
}
