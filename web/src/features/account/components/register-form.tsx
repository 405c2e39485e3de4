import '../account.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '@/lib/toasts';
import { register as signUp } from '../api/account-api';
import { registerError } from '../api/errors';
import { MIN_PASSWORD_LENGTH } from '@/lib/constants';
import { emailRules, newPasswordRules, safeNext } from '../rules';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { accountMessages } from '@/lib/account-messages';
import { ProviderButtons } from './provider-buttons';

const m = accountMessages;

interface Values {
  email: string;
  password: string;
}

export function RegisterForm() {
  const { register, handleSubmit, formState } = useForm<Values>({ mode: 'onTouched' });
  const [error, setError] = useState<string>();
  const toast = useToast();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(undefined);
    try {
      // The verification link brings the customer back to the profile page.
      await signUp(email, password, '/profile');
      // SignedOutOnly goes on to `next` as the token arrives (see LoginForm).
      toast(m.registered(email.trim()), 'success', 8000);
    } catch (e) {
      setError(registerError(e));
    }
  });
  return (
    <form className="auth-card" onSubmit={onSubmit} noValidate>
      <h1>{m.registerTitle}</h1>
      <p className="muted">{m.registerLead}</p>
      <Field label={m.email} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email', emailRules)} />
      <Field
        label={m.password}
        type="password"
        autoComplete="new-password"
        hint={m.passwordHint(MIN_PASSWORD_LENGTH)}
        error={formState.errors.password?.message}
        {...register('password', newPasswordRules())}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.register} />
      <ProviderButtons next={next} />
      <p className="auth-switch">
        {m.haveAccount} <Link to={`/login?next=${encodeURIComponent(next)}`}>{m.login}</Link>
      </p>
    </form>
  );
}
