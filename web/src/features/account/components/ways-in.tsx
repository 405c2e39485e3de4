import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useToast } from '@/lib/toasts';
import { accountMessages } from '@/lib/account-messages';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { continueWith, setFirstPassword, unlinkProvider, useWaysIn } from '../api/account-api';
import { accountError } from '../api/errors';
import { newPasswordRules } from '../rules';

const m = accountMessages;

/** The profile's ways in: the password and each provider, linked or not. */
export function WaysIn() {
  const { data, refetch } = useWaysIn();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!data || (data.linked.length === 0 && data.linkable.length === 0)) return null;
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      toast(accountError(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  // The server's word, said before anyone tries (UnlinkProvider refuses it too).
  const last = data.linked.length > 0 && !data.canUnlink;
  return (
    <section className="card form-card ways-in" aria-labelledby="ways-in-title">
      <h2 id="ways-in-title">{m.waysInTitle}</h2>
      <ul>
        <li>
          <span>{m.waysInPassword}</span>
          <span className="muted">{data.hasPassword ? m.verified : m.waysInNoPassword}</span>
        </li>
        {data.linked.map(({ provider, email }) => (
          <li key={provider?.id}>
            <span>
              {provider?.displayName} <span className="muted">{m.linkedAs(email)}</span>
            </span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={busy || last}
              title={last ? m.lastWayIn : undefined}
              onClick={() =>
                run(async () => {
                  await unlinkProvider(provider?.id ?? '');
                  toast(m.unlinked(provider?.displayName ?? ''), 'success');
                  await refetch();
                })
              }
            >
              {m.unlink}
            </button>
          </li>
        ))}
        {data.linkable.map((p) => (
          <li key={p.id}>
            <span>{p.displayName}</span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={busy}
              onClick={() => run(() => continueWith(p.id, '/profile', true))}
            >
              {m.linkProvider(p.displayName)}
            </button>
          </li>
        ))}
      </ul>
      {last && <p className="field-hint">{m.lastWayIn}</p>}
    </section>
  );
}

/** A first password for an account made with a provider, of at least `min` characters. */
export function SetPasswordForm({ min }: { min: number }) {
  const toast = useToast();
  const { refetch } = useWaysIn();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState, reset } = useForm<{ next: string }>({ mode: 'onTouched' });
  const onSubmit = handleSubmit(async ({ next }) => {
    setError(undefined);
    try {
      await setFirstPassword(next);
      reset();
      toast(m.passwordSet, 'success');
      await refetch();
    } catch (e) {
      setError(accountError(e));
    }
  });
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={m.setPassword}>
      <h2>{m.setPassword}</h2>
      <p className="field-hint">{m.setPasswordLead}</p>
      <Field label={m.newPassword} type="password" autoComplete="new-password" hint={m.passwordHint(min)} error={formState.errors.next?.message} {...register('next', newPasswordRules(min))} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.setPassword} variant="secondary" block={false} />
    </form>
  );
}
