export { SupportCenter } from './components/support-center';
export { HeaderUnread } from './components/header-unread';
export { UnreadCard } from './components/unread-card';
export { useUnreadPolling } from './unread';
