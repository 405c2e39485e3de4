// Sign-in with an identity provider (issue 30). The server is the relying party: the browser keeps
// the state in a cookie of the callback's path, goes to the provider, and comes back through the
// server's callback to /auth/continue with the outcome in the fragment.

import { FederationService } from '@/gen/booking/v1/federation_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { startSession } from '../session';

const federation = FederationService.method;

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
  const { authorizationUrl, state } = await callRpc(federation.beginSignIn, { provider, returnTo, link });
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${STATE_COOKIE}=${encodeURIComponent(state)}; Max-Age=${STATE_MAX_AGE_S}; Path=/auth/oidc; SameSite=Lax${secure}`;
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
