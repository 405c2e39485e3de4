import { useUnreadCount } from './api/support-api';

/** The unread replies, asked on mount and every minute while the member menu is shown. */
export function useUnreadPolling(): number | undefined {
  return useUnreadCount(true).data;
}

/** The same count, as the member menu last had it (or asked once where there is no menu). */
export function useUnread(): number | undefined {
  return useUnreadCount(false).data;
}
