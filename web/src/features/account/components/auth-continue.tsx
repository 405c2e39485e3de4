import '../account.css';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@/lib/toasts';
import { accountMessages } from '@/lib/account-messages';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { finishHeld, followProfileLanguage, PENDING_SIGN_IN } from '../api/account-api';
import { accountError } from '../api/errors';
import { emailRules, passwordRules, safeNext } from '../rules';
import { loadUser, refreshSession } from '../session';
import { REFRESH_KEY, SIGNED_OUT_HERE } from '../session-state';

const m = accountMessages;

/** What the server's callback put in the fragment. */
interface Outcome {
  refresh?: string;
  linked?: string;
  ticket?: string;
  provider?: string;
  email?: string;
  error?: string;
  to: string;
  /** The answer's state is the one this browser kept when it started the sign-in. */
  ours: boolean;
}

/** The fragment, and whether it answers this browser's own sign-in (the kept state goes, once read). */
function readFragment(): Outcome {
  const f = new URLSearchParams(location.hash.slice(1));
  const get = (k: string) => f.get(k) ?? undefined;
  const kept = localStorage.getItem(PENDING_SIGN_IN);
  localStorage.removeItem(PENDING_SIGN_IN);
  return {
    ours: Boolean(kept) && kept === f.get('state'),
    refresh: get('refresh'),
    linked: get('linked'),
    ticket: get('ticket'),
    provider: get('provider'),
    email: get('email'),
    error: get('error'),
    to: safeNext(f.get('to'), '/profile'),
  };
}

/**
 * Where a sign-in with an identity provider lands. The fragment is read once and wiped from the
 * address (and history) at once; a refresh token in it is spent straight away for a new one.
 */
export function AuthContinue() {
  const [outcome] = useState(readFragment);
  const navigate = useNavigate();
  const toast = useToast();
  // An error from the callback is shown as it is; a session that would not start, once tried.
  const [stuck, setStuck] = useState(false);
  // A session, a link or a ticket that this browser did not ask for (a link made by someone else)
  // is refused: acting on it would sign the visitor into another person's account.
  const foreign = !outcome.ours && Boolean(outcome.refresh || outcome.linked || outcome.ticket);
  const failed = foreign
    ? m.federationErrors.foreign
    : outcome.error && outcome.error !== 'cancelled'
      ? (m.federationErrors[outcome.error] ?? m.federationErrors.failed)
      : stuck || (!outcome.refresh && !outcome.linked && !outcome.ticket && !outcome.error)
        ? m.federationErrors.failed
        : undefined;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    history.replaceState(history.state, '', location.pathname);
    const { refresh, linked, ticket, error, to, ours } = outcome;
    if ((refresh || linked) && !ours) return;
    // Whoever the provider remembers now has just signed in there.
    if (ours && (refresh || linked || ticket)) localStorage.removeItem(SIGNED_OUT_HERE);
    if (refresh) {
      localStorage.setItem(REFRESH_KEY, refresh);
      void (async () => {
        const user = (await refreshSession()) ? await loadUser().catch(() => null) : null;
        if (!user) return setStuck(true);
        // Landed first: a change of language loads the page again, which must be `to`, not this
        // one (its fragment is spent).
        await navigate(to, { replace: true });
        followProfileLanguage(user);
      })();
    } else if (linked) {
      toast(m.linkedNotice(linked), 'success');
      navigate(to, { replace: true });
    } else if (error === 'cancelled') {
      toast(m.cancelledAtProvider, 'info');
      navigate(`/login?next=${encodeURIComponent(to)}`, { replace: true });
    }
  }, [outcome, navigate, toast]);
  if (failed) {
    return (
      <div className="auth-card" role="alert">
        <h1>{m.continueTitle}</h1>
        <p>{failed}</p>
        <p className="auth-switch">
          <Link to={`/login?next=${encodeURIComponent(outcome.to)}`}>{m.backToLogin}</Link>
        </p>
      </div>
    );
  }
  if (outcome.ticket && outcome.ours) return <HeldSignIn outcome={outcome} ticket={outcome.ticket} />;
  return (
    <div className="auth-card">
      <h1>{m.continueTitle}</h1>
      <p className="muted">{m.signingIn}</p>
    </div>
  );
}

interface HeldValues {
  email: string;
  password: string;
}

/** The password of the account with the provider's address, or an address the provider did not give. */
function HeldSignIn({ outcome, ticket }: { outcome: Outcome; ticket: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<HeldValues>({ mode: 'onTouched' });
  const provider = outcome.provider ?? '';
  const known = outcome.email;
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(undefined);
    try {
      const to = await finishHeld(ticket, email ?? '', password);
      navigate(safeNext(to, outcome.to), { replace: true });
    } catch (e) {
      setError(accountError(e));
    }
  });
  return (
    <form className="auth-card" onSubmit={onSubmit} noValidate>
      <h1>{known ? m.heldPasswordTitle : m.heldEmailTitle}</h1>
      <p>{known ? m.heldPasswordLead(known, provider) : m.heldEmailLead(provider)}</p>
      {!known && (
        <Field label={m.email} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email', emailRules)} />
      )}
      <Field
        label={known ? m.password : m.heldPasswordOptional}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password', known ? passwordRules : {})}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.linkAccount} />
    </form>
  );
}
