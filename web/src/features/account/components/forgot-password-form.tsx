import '../account.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { requestPasswordReset } from '../api/account-api';
import { accountError } from '../api/errors';
import { emailRules } from '../rules';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { accountMessages } from '@/lib/account-messages';

const m = accountMessages;

export function ForgotPasswordForm() {
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ mode: 'onTouched' });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const onSubmit = handleSubmit(async ({ email }) => {
    setError(undefined);
    try {
      await requestPasswordReset(email, '/login');
      setSent(true);
    } catch (e) {
      setError(accountError(e));
    }
  });
  return (
    <form className="auth-card" onSubmit={onSubmit} noValidate>
      <h1>{m.forgotTitle}</h1>
      {sent ? (
        <p className="form-success" role="status">
          {m.forgotSent}
        </p>
      ) : (
        <>
          <p className="muted">{m.forgotLead}</p>
          <Field label={m.email} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email', emailRules)} />
          <FormFooter error={error} busy={formState.isSubmitting} label={m.forgotSend} />
        </>
      )}
      <p className="auth-switch">
        <Link to="/login">{m.backToLogin}</Link>
      </p>
    </form>
  );
}
