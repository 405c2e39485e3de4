import { safeNext } from '../rules';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { tokenAtom } from '@/lib/store';
import { homeOf } from '../session';
import { sessionReadyAtom } from '../session-state';

/** Sign-in and registration are for signed-out visitors; a signed-in one goes where it was headed,
 * or where their kind of account works (a partner's app, the console, the member area). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const ready = useAtomValue(sessionReadyAtom);
  const token = useAtomValue(tokenAtom);
  const signedIn = token !== '';
  const [params] = useSearchParams();
  if (ready && signedIn) return <Navigate to={safeNext(params.get('next'), homeOf(token))} replace />;
  return children;
}
