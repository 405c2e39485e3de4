import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { unreadCount } from './api/support-api';

/** Operators' replies the customer has not opened; undefined until asked. */
const unreadAtom = atom<number | undefined>(undefined);

const REFRESH_MS = 60_000;

/** Asks the server again; the member menu's badge and the home card follow. */
export function useRefreshUnread(): () => void {
  const set = useSetAtom(unreadAtom);
  return useCallback(() => void unreadCount().then(set, () => undefined), [set]);
}

/** The count, asked on mount and every minute while the member menu is shown. */
export function useUnreadPolling(): number | undefined {
  const refresh = useRefreshUnread();
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return useAtomValue(unreadAtom);
}

export function useUnread(): number | undefined {
  return useAtomValue(unreadAtom);
}
