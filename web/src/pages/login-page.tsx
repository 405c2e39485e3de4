import { LoginForm } from '@/features/account';

export function Component() {
  return <LoginForm />;
}
