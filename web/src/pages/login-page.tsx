import { LoginForm, SignedOutOnly } from '@/features/account';

export function Component() {
  return (
    <SignedOutOnly>
      <LoginForm />
    </SignedOutOnly>
  );
}
