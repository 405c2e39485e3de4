import '../account.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@/lib/messages';
import { skipToken } from '@/lib/api/hooks';
import { ActionMode, resetPassword, useCodeCheck, verifyEmail } from '../api/account-api';
import { accountError } from '../api/errors';
import { newPasswordRules, safeNext } from '../rules';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { accountMessages } from '@/lib/account-messages';
import { FormError } from '@/components/form/form-error';

const m = accountMessages;

type State =
  | { step: 'checking' }
  | { step: 'ready'; mode: ActionMode; email: string; min: number }
  | { step: 'done'; message: string; next: string }
  | { step: 'failed'; message: string };

/**
 * Where mailed links land. Opening the page only looks the code up; the code is used by the
 * customer's own click (mail scanners open links, and must not use them up).
 */
export function AuthAction() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const mode = params.get('mode');
  const continuePath = safeNext(params.get('continueUrl'), '/');
  const badLink = !code || (mode !== 'verifyEmail' && mode !== 'resetPassword');
  const check = useCodeCheck(badLink ? skipToken : code);
  // What the customer's own click made of the code, once it has clicked.
  const [used, setState] = useState<State>();
  const state: State = badLink
    ? { step: 'failed', message: m.badLink }
    : (used ??
      (check.error
        ? { step: 'failed', message: accountError(check.error) }
        : check.data
          ? { step: 'ready', mode: check.data.mode, email: check.data.email, min: check.data.passwordMinLength }
          : { step: 'checking' }));

  return (
    <section className="auth-card">
      {state.step === 'checking' && <p className="muted">{messages.loading}</p>}
      {state.step === 'failed' && (
        <>
          <h1>{m.actionTitle}</h1>
          <FormError error={state.message} />
          <p className="auth-switch">
            <Link to="/login">{m.backToLogin}</Link>
          </p>
        </>
      )}
      {state.step === 'done' && (
        <>
          <h1>{m.actionTitle}</h1>
          <p className="form-success" role="status">
            {state.message}
          </p>
          <Link className="button button-primary button-block" to={state.next}>
            {m.continue}
          </Link>
        </>
      )}
      {state.step === 'ready' && state.mode === ActionMode.VERIFY_EMAIL && (
        <VerifyStep code={code} email={state.email} onDone={(message) => setState({ step: 'done', message, next: continuePath })} onFail={(message) => setState({ step: 'failed', message })} />
      )}
      {state.step === 'ready' && state.mode === ActionMode.RESET_PASSWORD && (
        <ResetStep code={code} email={state.email} min={state.min} onDone={(message) => setState({ step: 'done', message, next: signInThen(continuePath) })} />
      )}
    </section>
  );
}

interface StepProps {
  code: string;
  email: string;
  onDone: (message: string) => void;
}

function VerifyStep({ code, email, onDone, onFail }: StepProps & { onFail: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      await verifyEmail(code);
      onDone(m.emailVerified(email));
    } catch (e) {
      onFail(accountError(e));
    }
  };
  return (
    <>
      <h1>{m.verifyEmailTitle}</h1>
      <p>{m.verifyEmailLead(email)}</p>
      <button type="button" className="button button-primary button-block" disabled={busy} onClick={() => void verify()}>
        {busy ? messages.working : m.verifyEmailButton}
      </button>
    </>
  );
}

/** The sign-in page, then the page the mail's link was for (an invitation's `/partner`). */
function signInThen(path: string): string {
  return path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}

function ResetStep({ code, email, min, onDone }: StepProps & { min: number }) {
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ mode: 'onTouched' });
  const [error, setError] = useState<string>();
  const onSubmit = handleSubmit(async ({ password }) => {
    setError(undefined);
    try {
      await resetPassword(code, password);
      onDone(m.passwordReset);
    } catch (e) {
      setError(accountError(e));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <h1>{m.resetTitle}</h1>
      <p>{m.resetLead(email)}</p>
      <Field
        label={m.newPassword}
        type="password"
        autoComplete="new-password"
        hint={m.passwordHint(min)}
        error={formState.errors.password?.message}
        {...register('password', newPasswordRules(min))}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.resetButton} />
    </form>
  );
}
