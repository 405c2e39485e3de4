import '../account.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { SITE_ENV } from '@/lib/config';
import { login } from '../api/account-api';
import { loginError } from '../api/errors';
import { emailRules, passwordRules, safeNext } from '../rules';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { accountMessages } from '@/lib/account-messages';
import { ProviderButtons } from './provider-buttons';

const m = accountMessages;

interface Values {
  email: string;
  password: string;
}

export function LoginForm() {
  const { register, handleSubmit, formState } = useForm<Values>({ mode: 'onTouched' });
  const [error, setError] = useState<string>();
  const [params] = useSearchParams();
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(undefined);
    try {
      // Nothing to navigate: the token's arrival takes SignedOutOnly on to `next` at once. A
      // navigation here would come after the profile's load, and on a slow line could pull the
      // visitor back from the step they had already moved on to.
      await login(email, password);
    } catch (e) {
      const shown = loginError(e);
      // Other sign-in errors are swallowed (docs/product.md, "Messages"); dev builds still log
      // them.
      if (!shown && SITE_ENV === 'dev') console.error(e);
      setError(shown);
    }
  });
  return (
    <form className="auth-card" onSubmit={onSubmit} noValidate>
      <h1>{m.loginTitle}</h1>
      <Field label={m.email} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email', emailRules)} />
      <Field
        label={m.password}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password', passwordRules)}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.login} />
      <ProviderButtons next={safeNext(params.get('next'))} />
      <p className="auth-switch">
        <Link to="/forgot-password">{m.forgot}</Link>
        <span>
          {m.noAccount} <Link to={`/register?next=${encodeURIComponent(safeNext(params.get('next')))}`}>{m.register}</Link>
        </span>
      </p>
    </form>
  );
}
