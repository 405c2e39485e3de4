import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionReadyAtom } from '@/features/account';
import { messages } from '@/lib/messages';
import { tokenAtom } from '@/lib/store';

/** Signed-in customers only: others are sent to sign in and brought back to this very page. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const ready = useAtomValue(sessionReadyAtom);
  const token = useAtomValue(tokenAtom);
  const { pathname, search } = useLocation();
  if (!ready) return <p className="muted">{messages.loading}</p>;
  if (!token) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  return children;
}
