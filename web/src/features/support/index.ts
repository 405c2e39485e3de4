export { SupportCenter } from './components/support-center';
export { UnreadCard } from './components/unread-card';
export { useUnreadPolling } from './unread';
