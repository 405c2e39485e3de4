import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';
import { ProfileView, sessionReadyAtom } from '@/features/account';
import { messages } from '@/lib/messages';
import { tokenAtom } from '@/lib/store';

/** Signed-in customers only: others are sent to sign in and brought back here. */
export function Component() {
  const ready = useAtomValue(sessionReadyAtom);
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!ready) return <p className="muted">{messages.loading}</p>;
  if (!token) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  return <ProfileView />;
}
