import { RegisterForm } from '@/features/account';

export function Component() {
  return <RegisterForm />;
}
