// Partners' readings on the console's live stream: pages name the orders whose partners they
// show on a map (an order's page, the board's jobs on the way), and the stream carries those
// readings alone; each one marks the jobs' answers stale, read again at most every
// `POSITIONS_READ_MS`.

import { atom, useSetAtom } from 'jotai';
import { useEffect, useId } from 'react';
import { invalidateCalls } from '@/lib/api/rpc';
import { calls } from './shared';

/** A phone reports every 5 s; a board with many on the way reads them together at this pace. */
export const POSITIONS_READ_MS = 5000;

/** What each page follows, by the page. */
const followingAtom = atom<Record<string, string>>({});

/** Every followed order, sorted, joined by commas: the stream opens again when it changes. */
export const followedOrdersAtom = atom((get) => [...new Set(Object.values(get(followingAtom)).flatMap((o) => (o ? o.split(',') : [])))].sort().join(','));

/** While mounted, the live stream carries the readings of these orders' partners. */
export function useFollowPositions(orders: readonly string[]) {
  const page = useId();
  const set = useSetAtom(followingAtom);
  const key = [...orders].sort().join(',');
  useEffect(() => {
    set((all) => ({ ...all, [page]: key }));
    return () =>
      set((all) => {
        const rest = { ...all };
        delete rest[page];
        return rest;
      });
  }, [page, key, set]);
}

/** Reads the jobs' answers again at once, then at most every `POSITIONS_READ_MS`. */
export function positionsReader(): () => void {
  let last = 0;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const read = () => {
    last = Date.now();
    waiting = undefined;
    void invalidateCalls(calls.getOrderJob, calls.listJobBoard);
  };
  return () => {
    if (waiting) return;
    const wait = last + POSITIONS_READ_MS - Date.now();
    if (wait <= 0) read();
    else waiting = setTimeout(read, wait);
  };
}
