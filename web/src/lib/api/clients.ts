import { API_BASE_URL } from '../config';
import { store, tokenAtom } from '../store';
import { createApiTransport } from './transport';

/** Set by the session once it exists (lib code does not import features). */
let renewer: () => Promise<boolean> = async () => false;

export function setTokenRenewer(renew: () => Promise<boolean>): void {
  renewer = renew;
}

/** Renews the ID token for calls outside the transport (uploads); false when signed out. */
export function renewToken(): Promise<boolean> {
  return renewer();
}

/** The one transport: every call of `./rpc` goes through it. */
export const transport = createApiTransport({
  baseUrl: API_BASE_URL,
  getToken: () => store.get(tokenAtom),
  renewToken: () => renewer(),
});
