import { atom } from 'jotai';

/** Whether the live stream (`@/lib/api/live`) is open now: pages that otherwise poll poll only
 * while it is not. Apart from the stream's code, so reading it loads none of that. */
export const liveConnectedAtom = atom(false);
