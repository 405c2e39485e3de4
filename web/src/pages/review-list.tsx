// The review lists, as a module of their own: pages load it after drawing what is above them.
export { ReviewList as default } from '@/features/review';
