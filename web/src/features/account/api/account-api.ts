import type { UpdateUserRequest } from '@/gen/booking/v1/user_pb';
import { ActionMode } from '@/gen/booking/v1/identity_pb';
import { FederationService } from '@/gen/booking/v1/federation_pb';
import { readCookie } from '@/lib/cookies';
import { LANGUAGE, languageOf, switchLanguage } from '@/lib/i18n';
import { store } from '@/lib/store';
import { loadUser, refreshSession, startSession } from '../session';
import { SIGNED_OUT_HERE, userAtom } from '../session-state';
import { skipToken, useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { identity, user } from './clients';

export { ActionMode };

export async function register(email: string, password: string, continueUrl: string) {
  const { session } = await callRpc(identity.signUp, { email, password, continueUrl });
  if (session) await startSession(session);
}

/** After a sign-in: a browser where no language was chosen speaks the one the profile keeps
 * (chosen on another device); the page reloads in it. */
export function followProfileLanguage(user: { preferredLanguage: string } | null | undefined): void {
  const kept = languageOf(user?.preferredLanguage);
  if (kept && kept !== LANGUAGE && !readCookie('lang')) switchLanguage(kept);
}

/** Signs in with a password, in the profile's language (`followProfileLanguage`). */
export async function login(email: string, password: string) {
  const { session } = await callRpc(identity.signInWithPassword, { email, password });
  if (session) followProfileLanguage(await startSession(session));
}

export async function resendVerification(continueUrl: string) {
  await callRpc(identity.sendVerificationEmail, { continueUrl });
}

export async function requestPasswordReset(email: string, continueUrl: string) {
  await callRpc(identity.sendPasswordReset, { email, continueUrl });
}

/** What a mailed code is for and whose it is; `skipToken` when the link has none. */
export function useCodeCheck(oobCode: string | typeof skipToken) {
  return useRpc(identity.checkActionCode, oobCode === skipToken ? skipToken : { oobCode }, { staleTime: Infinity });
}

/** Verifies the address; a signed-in user's token and profile then say so too. */
export async function verifyEmail(oobCode: string) {
  await callRpc(identity.applyActionCode, { oobCode });
  if (await refreshSession()) await loadUser().catch(() => null);
}

export async function resetPassword(oobCode: string, newPassword: string) {
  await callRpc(identity.confirmPasswordReset, { oobCode, newPassword });
}

export async function changePassword(currentPassword: string, newPassword: string) {
  const { session } = await callRpc(identity.changePassword, { currentPassword, newPassword });
  if (session) await startSession(session);
}

export async function changeEmail(password: string, newEmail: string, continueUrl: string) {
  const { session } = await callRpc(identity.changeEmail, { password, newEmail, continueUrl });
  if (session) await startSession(session);
}

export async function updateProfile(fields: Omit<UpdateUserRequest, '$typeName' | '$unknown'>) {
  const { user: updated } = await callRpc(user.updateUser, fields);
  store.set(userAtom, updated ?? null);
  return updated;
}

// Sign-in with an identity provider. The server is the relying party: the browser keeps
// the state in a cookie of the callback's path, goes to the provider, and comes back through the
// server's callback to /auth/continue with the outcome in the fragment.

const federation = FederationService.method;

/** The state of the sign-in this browser started; `/auth/continue` takes only its answer. */
export const PENDING_SIGN_IN = 'booking.pending-sign-in';

/** The state cookie lives as long as the server keeps the sign-in (10 minutes). */
const STATE_COOKIE = 'oidc-state';
const STATE_MAX_AGE_S = 600;

export function useProviders() {
  return useRpc(federation.listProviders, {}, { staleTime: Infinity });
}

export function useWaysIn() {
  return useRpc(federation.getWaysIn, {});
}

/** Sends the browser to the provider; `link` adds it to the signed-in account instead. */
export async function continueWith(provider: string, returnTo: string, link = false): Promise<void> {
  const reauthenticate = localStorage.getItem(SIGNED_OUT_HERE) !== null;
  const { authorizationUrl, state } = await callRpc(federation.beginSignIn, { provider, returnTo, link, reauthenticate });
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${STATE_COOKIE}=${encodeURIComponent(state)}; Max-Age=${STATE_MAX_AGE_S}; Path=/auth/oidc; SameSite=Lax${secure}`;
  // The page the sign-in comes back to acts only on an answer that names this state.
  localStorage.setItem(PENDING_SIGN_IN, state);
  location.assign(authorizationUrl);
}

/** The one more step of a held sign-in; starts the session and says where to go. */
export async function finishHeld(ticket: string, email: string, password: string): Promise<string> {
  const { session, returnTo } = await callRpc(federation.finishHeldSignIn, { ticket, email, password });
  if (session) await startSession(session);
  return returnTo;
}

export async function unlinkProvider(provider: string): Promise<void> {
  await callRpc(federation.unlinkProvider, { provider });
}

export async function setFirstPassword(newPassword: string): Promise<void> {
  const { session } = await callRpc(federation.setPassword, { newPassword });
  if (session) await startSession(session);
}
