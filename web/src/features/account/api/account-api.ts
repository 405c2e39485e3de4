import type { UpdateUserRequest } from '@/gen/booking/v1/user_pb';
import { ActionMode } from '@/gen/booking/v1/identity_pb';
import { store } from '@/lib/store';
import { loadUser, refreshSession, startSession } from '../session';
import { userAtom } from '../session-state';
import { skipToken, useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { identity, user } from './clients';

export { ActionMode };

export async function register(email: string, password: string, continueUrl: string) {
  const { session } = await callRpc(identity.signUp, { email, password, continueUrl });
  if (session) await startSession(session);
}

export async function login(email: string, password: string) {
  const { session } = await callRpc(identity.signInWithPassword, { email, password });
  if (session) await startSession(session);
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
