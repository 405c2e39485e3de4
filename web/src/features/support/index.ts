export { SupportCenter } from './components/support-center';
export { HeaderUnread } from './components/header-unread';
export { UnreadCard } from './components/unread-card';
export { CompanyFacts } from './components/company-facts';
export { useUnreadPolling } from './unread';
