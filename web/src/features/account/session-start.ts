import { importWithReload } from '@/lib/lazy-load';
import { TOKEN_COOKIE } from '@/lib/constants';
import { readCookie } from '@/lib/cookies';
import { store, tokenAtom } from '@/lib/store';
import { forgetSession, REFRESH_KEY, sessionReadyAtom } from './session-state';

// The session at start-up: restored when there is one to restore, with the session's code
// (session.ts) loaded only then.

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
 * Start-up: a signed-in user's token and cookie are refreshed and the profile loaded.
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
