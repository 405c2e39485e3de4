import { RegisterForm, SignedOutOnly } from '@/features/account';

export function Component() {
  return (
    <SignedOutOnly>
      <RegisterForm />
    </SignedOutOnly>
  );
}
