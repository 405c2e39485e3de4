import type { UpdateUserRequest } from '@/gen/booking/v1/user_pb';
import { ActionMode } from '@/gen/booking/v1/identity_pb';
import { store } from '@/lib/store';
import { loadUser, refreshSession, startSession } from '../session';
import { userAtom } from '../session-state';
import { identityClient, userClient } from './clients';

export { ActionMode };

export async function register(email: string, password: string, continueUrl: string) {
  const { session } = await identityClient.signUp({ email, password, continueUrl });
  if (session) await startSession(session);
}

export async function login(email: string, password: string) {
  const { session } = await identityClient.signInWithPassword({ email, password });
  if (session) await startSession(session);
}

export async function resendVerification(continueUrl: string) {
  await identityClient.sendVerificationEmail({ continueUrl });
}

export async function requestPasswordReset(email: string, continueUrl: string) {
  await identityClient.sendPasswordReset({ email, continueUrl });
}

export function checkCode(oobCode: string) {
  return identityClient.checkActionCode({ oobCode });
}

/** Verifies the address; a signed-in user's token and profile then say so too. */
export async function verifyEmail(oobCode: string) {
  await identityClient.applyActionCode({ oobCode });
  if (await refreshSession()) await loadUser().catch(() => null);
}

export async function resetPassword(oobCode: string, newPassword: string) {
  await identityClient.confirmPasswordReset({ oobCode, newPassword });
}

export async function changePassword(currentPassword: string, newPassword: string) {
  const { session } = await identityClient.changePassword({ currentPassword, newPassword });
  if (session) await startSession(session);
}

export async function changeEmail(password: string, newEmail: string, continueUrl: string) {
  const { session } = await identityClient.changeEmail({ password, newEmail, continueUrl });
  if (session) await startSession(session);
}

export async function updateProfile(fields: Omit<UpdateUserRequest, '$typeName' | '$unknown'>) {
  const { user } = await userClient.updateUser(fields);
  store.set(userAtom, user ?? null);
  return user;
}
