import { safeNext } from '../rules';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { tokenAtom } from '@/lib/store';
import { sessionReadyAtom } from '../session-state';

/** Sign-in and registration are for signed-out visitors; a signed-in one goes where it was headed. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const ready = useAtomValue(sessionReadyAtom);
  const signedIn = useAtomValue(tokenAtom) !== '';
  const [params] = useSearchParams();
  if (ready && signedIn) return <Navigate to={safeNext(params.get('next'))} replace />;
  return children;
}
