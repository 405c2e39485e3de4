export { OrderReview } from './components/order-review';
export { ReviewList } from './components/review-list';
export type { Subject as ReviewSubject } from './api/review-api';
export { Stars } from './components/stars';
