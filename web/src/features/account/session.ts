// The signed-in session (docs/product.md, "Accounts and sessions"). Logged in means an ID token
// exists. The ID token is kept in the `token` cookie for 7 days and in memory for the API calls;
// the refresh token that renews it is kept in localStorage. Start-up refreshes both and loads the
// profile.

import type { Session } from '@/gen/booking/v1/identity_pb';
import type { User } from '@/gen/booking/v1/user_pb';
import { TOKEN_COOKIE, TOKEN_COOKIE_MAX_AGE_S } from '@/lib/constants';
import { readCookie, writeCookie } from '@/lib/cookies';
import { store, tokenAtom } from '@/lib/store';
import { callRpc } from '@/lib/api/rpc';
import { importWithReload } from '@/lib/lazy-load';
import { forgetAnswers } from '@/lib/query-client';
import { forgetOffline } from '@/lib/offline';
import { roleOf, secondsLeft } from '@/lib/token-claims';
import { identity, user as userCalls } from './api/clients';
import { authCode } from './api/errors';
import { forgetSession, REFRESH_KEY, sessionReadyAtom, SIGNED_OUT_HERE, userAtom } from './session-state';

/** Renew this long before the ID token runs out. */
const RENEW_EARLY_S = 300;

let renewTimer: ReturnType<typeof setTimeout> | undefined;
let stopLive: (() => void) | undefined;

/** While a customer is signed in, their pages follow their own changes live (the stream's code
 * is a chunk loaded then; the console opens a stream of its own for staff). */
function followLive(token: string): void {
  if (stopLive || roleOf(token) !== 'customer') return;
  const claimed = () => undefined;
  stopLive = claimed;
  void importWithReload(() => import('@/lib/api/live')).then(({ followOwnChanges }) => {
    if (stopLive === claimed) stopLive = followOwnChanges();
  });
}

function keep(session: Session): void {
  store.set(tokenAtom, session.idToken);
  writeCookie(TOKEN_COOKIE, session.idToken, TOKEN_COOKIE_MAX_AGE_S);
  localStorage.setItem(REFRESH_KEY, session.refreshToken);
  clearTimeout(renewTimer);
  const seconds = Math.max(30, Number(session.expiresInSeconds) - RENEW_EARLY_S);
  renewTimer = setTimeout(() => void refreshSession(), seconds * 1000);
  followLive(session.idToken);
}

function clearLocal(): void {
  clearTimeout(renewTimer);
  stopLive?.();
  stopLive = undefined;
  forgetSession();
  void forgetAnswers();
}

/** Loads the profile of the signed-in user (the product's login call). */
export async function loadUser(): Promise<User | null> {
  const { user } = await callRpc(userCalls.login, {});
  store.set(userAtom, user ?? null);
  return user ?? null;
}

/** Login (docs/product.md, "Accounts and sessions"): keeps the tokens and cookie, then loads the
 * user and profile. */
export async function startSession(session: Session): Promise<User | null> {
  keep(session);
  // Nothing asked for before (signed out, or as another customer) may be shown now.
  void forgetAnswers();
  return loadUser();
}

/**
 * New tokens for the stored refresh token. Tabs take turns (Web Locks), and each reads the token
 * only once it holds the lock, so two tabs never spend the same refresh token (the server would
 * take that for theft and end the session).
 */
export async function refreshSession(): Promise<boolean> {
  const run = async (): Promise<boolean> => {
    const refreshToken = localStorage.getItem(REFRESH_KEY);
    if (!refreshToken) return false;
    try {
      const { session } = await callRpc(identity.refreshToken, { refreshToken });
      if (!session) return false;
      keep(session);
      return true;
    } catch (error) {
      if (['INVALID_REFRESH_TOKEN', 'USER_DISABLED'].includes(authCode(error))) clearLocal();
      return false;
    }
  };
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('booking-session', run)
    : run();
}

let restoring: Promise<void> | undefined;

/** Start-up (docs/product.md, "Accounts and sessions"): a signed-in user's token and cookie are
 * refreshed and the profile loaded. */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const cookie = readCookie(TOKEN_COOKIE);
    if (cookie) store.set(tokenAtom, cookie);
    // A token the cookie kept that still holds reads the profile while it is renewed: one round
    // trip at start instead of two.
    if (cookie && secondsLeft(cookie) > 60) {
      const [renewed] = await Promise.all([refreshSession(), loadUser().catch(() => null)]);
      if (!renewed && !localStorage.getItem(REFRESH_KEY)) clearLocal();
    } else if (await refreshSession()) {
      await loadUser().catch(() => null);
    } else if (!localStorage.getItem(REFRESH_KEY)) {
      clearLocal();
    }
    store.set(sessionReadyAtom, true);
  })();
  return restoring;
}

/** Logout (docs/product.md, "Accounts and sessions"): signs out on the server, then clears the
 * user, the token and the cookie. */
export async function endSession(): Promise<void> {
  // This browser stops receiving the person's notices (while the token still says who they are);
  // loaded only by those who sign out.
  await import('@/lib/push').then((push) => push.turnPushOff()).catch(() => undefined);
  try {
    await callRpc(identity.signOut, {});
  } catch {
    // Signed out here all the same; the server's refresh tokens lapse on their own.
  }
  localStorage.setItem(SIGNED_OUT_HERE, '1');
  clearLocal();
  // What was kept for reading offline (vouchers, a partner's schedule) goes too, whichever app
  // signed out.
  forgetOffline();
}

/** Where the account of `token` works: partners in their app, staff in the console, travellers in
 * their member area. Sign-in goes there when no page asked for it. */
export function homeOf(token: string): string {
  const role = roleOf(token);
  if (role === 'partner') return '/partner';
  if (role === 'operator' || role === 'admin') return '/ops';
  return '/profile';
}
