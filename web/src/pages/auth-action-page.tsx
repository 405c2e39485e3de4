import { AuthAction } from '@/features/account';

export function Component() {
  return <AuthAction />;
}
