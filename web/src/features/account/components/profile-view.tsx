import '../account.css';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useToast } from '@/lib/toasts';
import type { User } from '@/gen/booking/v1/user_pb';
import { messages } from '@/lib/messages';
import { changeEmail, changePassword, resendVerification, updateProfile } from '../api/account-api';
import { accountError } from '../api/errors';
import { emailRules, newPasswordRules, passwordRules } from '../rules';
import { endSession } from '../session';
import { userAtom } from '../session-state';
import { Field, SelectField } from '@/components/form/field';
import { LANGUAGE, LANGUAGES, languageOf, switchLanguage, type Language } from '@/lib/i18n';
import { FormFooter } from '@/components/form/form-footer';
import { accountMessages } from '@/lib/account-messages';
import { useWaysIn } from '../api/account-api';
import { SetPasswordForm, WaysIn } from './ways-in';

const m = accountMessages;

/** The signed-in customer's account: e-mail state, profile, password, e-mail, logout. */
export function ProfileView() {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const toast = useToast();
  // An account made with a provider has no password to change, nor to confirm a new address with.
  const hasPassword = useWaysIn().data?.hasPassword ?? true;
  if (!user) return <p className="muted">{messages.loading}</p>;
  return (
    <div className="profile">
      <header className="profile-head">
        <div>
          <h1>{m.profileTitle}</h1>
          <p className="profile-email">
            {user.email}{' '}
            <span className={user.emailVerified ? 'badge badge-success' : 'badge badge-warning'}>
              {user.emailVerified ? m.verified : m.unverified}
            </span>
          </p>
        </div>
        <button
          type="button"
          className="button button-secondary"
          onClick={async () => {
            await endSession();
            toast(m.loggedOut, 'info');
            navigate('/');
          }}
        >
          {m.logout}
        </button>
      </header>
      {!user.emailVerified && <ResendVerification />}
      <ProfileForm key={user.userId} user={user} />
      <div className="profile-columns">
        {hasPassword ? (
          <>
            <PasswordForm min={user.passwordMinLength} />
            <EmailForm />
          </>
        ) : (
          <SetPasswordForm min={user.passwordMinLength} />
        )}
        <WaysIn />
      </div>
    </div>
  );
}

function ResendVerification() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <section className="notice notice-warning">
      <p>{m.unverifiedLead}</p>
      <button
        type="button"
        className="button button-primary button-small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await resendVerification('/profile');
            toast(m.resent, 'success');
          } catch (e) {
            toast(accountError(e), 'error');
          } finally {
            setBusy(false);
          }
        }}
      >
        {m.resend}
      </button>
    </section>
  );
}

interface ProfileValues {
  displayName: string;
  countryCode: string;
  phoneNumber: string;
  lineId: string;
  zaloId: string;
  whatsappId: string;
  language: Language;
}

function ProfileForm({ user }: { user: User }) {
  const toast = useToast();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<ProfileValues>({
    mode: 'onTouched',
    defaultValues: {
      displayName: user.displayName,
      countryCode: user.phone?.countryCode ? `+${user.phone.countryCode}` : '+886',
      phoneNumber: user.phone?.number ?? '',
      lineId: user.lineId,
      zaloId: user.zaloId,
      whatsappId: user.whatsappId,
      language: languageOf(user.preferredLanguage) ?? LANGUAGE,
    },
  });
  const onSubmit = handleSubmit(async (v) => {
    setError(undefined);
    try {
      await updateProfile({
        displayName: v.displayName,
        // Both parts empty remove the phone.
        phone: {
          $typeName: 'booking.v1.Phone',
          countryCode: v.phoneNumber.trim() ? v.countryCode : '',
          number: v.phoneNumber,
        },
        lineId: v.lineId,
        zaloId: v.zaloId,
        whatsappId: v.whatsappId,
        preferredLanguage: v.language,
      });
      toast(m.saved, 'success');
      // The pages follow the language chosen for them.
      if (v.language !== LANGUAGE) switchLanguage(v.language);
    } catch (e) {
      setError(accountError(e));
    }
  });
  const e = formState.errors;
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={m.profileTitle}>
      <Field
        label={m.displayName}
        error={e.displayName?.message}
        {...register('displayName', {
          validate: (v) => (v.trim().length >= 1 && v.trim().length <= 40) || m.errors.displayName,
        })}
      />
      <div className="field-row">
        <Field label={m.countryCode} className="input-narrow" inputMode="tel" {...register('countryCode')} />
        <Field label={m.phone} type="tel" autoComplete="tel-national" {...register('phoneNumber')} />
      </div>
      <p className="field-hint">{m.contactHint}</p>
      <div className="field-row">
        <Field label={m.lineId} {...register('lineId')} />
        <Field label={m.zaloId} {...register('zaloId')} />
        <Field label={m.whatsappId} {...register('whatsappId')} />
      </div>
      <SelectField
        label={m.preferredLanguage}
        hint={m.preferredLanguageHint}
        options={LANGUAGES.map((l) => ({ value: l, label: messages.nav.languages[l] }))}
        {...register('language')}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.save} block={false} />
    </form>
  );
}

/** `min`: the shortest password the server takes for this account. */
function PasswordForm({ min }: { min: number }) {
  const toast = useToast();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState, reset } = useForm<{ current: string; next: string }>({ mode: 'onTouched' });
  const onSubmit = handleSubmit(async ({ current, next }) => {
    setError(undefined);
    try {
      await changePassword(current, next);
      reset();
      toast(m.passwordChanged, 'success');
    } catch (e) {
      setError(accountError(e));
    }
  });
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={m.changePassword}>
      <h2>{m.changePassword}</h2>
      <Field label={m.currentPassword} type="password" autoComplete="current-password" error={formState.errors.current?.message} {...register('current', passwordRules)} />
      <Field label={m.newPassword} type="password" autoComplete="new-password" hint={m.passwordHint(min)} error={formState.errors.next?.message} {...register('next', newPasswordRules(min))} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.changePassword} variant="secondary" block={false} />
    </form>
  );
}

function EmailForm() {
  const toast = useToast();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState, reset } = useForm<{ email: string; password: string }>({ mode: 'onTouched' });
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(undefined);
    try {
      await changeEmail(password, email, '/profile');
      reset();
      toast(m.emailChanged(email.trim().toLowerCase()), 'success', 8000);
    } catch (e) {
      setError(accountError(e));
    }
  });
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={m.changeEmail}>
      <h2>{m.changeEmail}</h2>
      <Field label={m.newEmail} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email', emailRules)} />
      <Field label={m.password} type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password', passwordRules)} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.changeEmail} variant="secondary" block={false} />
    </form>
  );
}
