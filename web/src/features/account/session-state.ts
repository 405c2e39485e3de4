import { atom } from 'jotai';
import type { User } from '@/gen/booking/v1/user_pb';
import { TOKEN_COOKIE } from '@/lib/constants';
import { deleteCookie } from '@/lib/cookies';
import { store, tokenAtom } from '@/lib/store';

// The session's state, apart from the code that signs in and renews (session.ts) and from the
// start-up that loads that code only when there is a session (session-start.ts): every page reads
// the state, and a visitor who is not signed in never needs that code, nor the identity and user
// clients it brings.

/** Where the refresh token is kept (localStorage). */
export const REFRESH_KEY = 'booking.refreshToken';
/**
 * Set when someone signs out in this browser; until a sign-in with a provider that asked who it is
 * comes back, providers are asked to prompt (on a shared phone, the one they remember may be
 * someone else).
 */
export const SIGNED_OUT_HERE = 'booking.signed-out-here';

/** The signed-in user with its profile; null when signed out or not loaded yet. */
export const userAtom = atom<User | null>(null);
/** False until start-up has restored a session, or found none. */
export const sessionReadyAtom = atom(false);

/** Forgets the session on this device: the user, the ID token, its cookie and the refresh token. */
export function forgetSession(): void {
  store.set(tokenAtom, '');
  store.set(userAtom, null);
  deleteCookie(TOKEN_COOKIE);
  localStorage.removeItem(REFRESH_KEY);
}
