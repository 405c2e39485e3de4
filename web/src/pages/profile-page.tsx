import { ProfileView } from '@/features/account';
import { SignedInOnly } from './signed-in-only';

export function Component() {
  return (
    <SignedInOnly>
      <ProfileView />
    </SignedInOnly>
  );
}
