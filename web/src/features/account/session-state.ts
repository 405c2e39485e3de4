import { atom } from 'jotai';
import type { User } from '@/gen/booking/v1/user_pb';

// The session's state, apart from the code that changes it: the site header reads it on every
// page, and must not pull the API clients into the first script with it.

/** The signed-in user with its profile; null when signed out or not loaded yet. */
export const userAtom = atom<User | null>(null);
/** False until start-up has restored a session, or found none. */
export const sessionReadyAtom = atom(false);
