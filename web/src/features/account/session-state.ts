import { atom } from 'jotai';
import { importWithReload } from '@/lib/lazy-load';
import type { User } from '@/gen/booking/v1/user_pb';
import { TOKEN_COOKIE } from '@/lib/constants';
import { deleteCookie, readCookie } from '@/lib/cookies';
import { store, tokenAtom } from '@/lib/store';

// The session's state and its start, apart from the code that signs in and renews (session.ts):
// every page reads the state, and a visitor who is not signed in never needs that code, nor the
// identity and user clients it brings.

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

/**
 * Before the first call goes out: the ID token of the cookie, where a session is there to restore,
 * so the first answers are already the customer's. A call that finds it expired renews it through
 * the session's code, loaded then.
 */
export function adoptSessionToken(): void {
  const cookie = readCookie(TOKEN_COOKIE);
  if (cookie && localStorage.getItem(REFRESH_KEY) !== null) store.set(tokenAtom, cookie);
  // The API's code is a chunk of its own, which the first script does not import statically.
  void import('@/lib/api/clients').then(({ setTokenRenewer }) =>
    setTokenRenewer(async () => (await importWithReload(() => import('./session'))).refreshSession()),
  );
}

/**
 * Start-up (spec §4): a signed-in user's token and cookie are refreshed and the profile loaded.
 * Without a refresh token there is no session to restore, and the session's code is not loaded.
 */
export async function restoreSessionOnStart(): Promise<void> {
  if (localStorage.getItem(REFRESH_KEY) === null) {
    forgetSession();
    store.set(sessionReadyAtom, true);
    return;
  }
  const { restoreSession } = await importWithReload(() => import('./session'));
  await restoreSession();
}
