import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, SelectField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { useModal } from '@/lib/modals';
import { tokenAtom } from '@/lib/store';
import { subjectOf } from '@/lib/token-claims';
import { useToast } from '@/lib/toasts';
import { showTimestamp } from '@/lib/vietnam-time';
import { useAtomValue } from 'jotai';
import { actions, StaffRole, useKeys, useStaff } from '../api';
import { consoleMessages } from '../messages';
import { useAction } from '../use-action';
import { FormError } from '@/components/form/form-error';

const m = consoleMessages.staff;
const ROLE_NAMES: Record<number, string> = {
  [StaffRole.OPERATOR]: consoleMessages.roles.operator ?? '',
  [StaffRole.ADMIN]: consoleMessages.roles.admin ?? '',
};

/** Admins' screen: the staff (invite, role, disable) and the service keys (issue, revoke). */
export function StaffPage() {
  return (
    <div>
      <h1>{consoleMessages.nav.staff}</h1>
      <div className="console-order-grid console-keep-order">
        <div>
          <People />
          <Keys />
        </div>
        <aside>
          <InviteForm />
          <IssueForm />
        </aside>
      </div>
    </div>
  );
}

/** A change after the confirm dialog; a refusal is kept in the server's words, shown where asked. */
function useChange() {
  const { error, run } = useAction();
  return { error, change: (question: string, work: () => Promise<unknown>) => run(work, { ask: question }) };
}

function People() {
  const { data: staff, error } = useStaff(true);
  const me = subjectOf(useAtomValue(tokenAtom));
  const { error: refused, change } = useChange();
  return (
    <section className="card form-card">
      <h2>{m.people}</h2>
      <FormError error={refused} />
      {error && <p className="form-error">{consoleMessages.loadFailed}</p>}
      {!staff && !error && <p className="muted">{messages.loading}</p>}
      <ul className="console-audit" data-testid="staff">
        {staff?.map((s) => {
          const self = s.accountId === me;
          const other = s.role === StaffRole.ADMIN ? StaffRole.OPERATOR : StaffRole.ADMIN;
          return (
            <li key={s.accountId} data-email={s.email}>
              <strong>
                {s.displayName}
                {self && m.you}
              </strong>
              <span className="small muted">
                {messages.joined(
                  s.email,
                  ROLE_NAMES[s.role] ?? '',
                  s.disabled ? m.disabled : s.emailVerified ? m.active : m.pending,
                  `${m.joined} ${showTimestamp(s.createdAt)}`,
                )}
              </span>
              {!self && (
                <span className="console-row">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() => void change(m.roleAsk(s.email, ROLE_NAMES[other] ?? ''), () => actions.updateStaff(s.accountId, { role: other }))}
                  >
                    {m.makeRole(ROLE_NAMES[other] ?? '')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() =>
                      void (s.disabled
                        ? change(m.enable, () => actions.updateStaff(s.accountId, { disabled: false }))
                        : change(m.disableAsk(s.email), () => actions.updateStaff(s.accountId, { disabled: true })))
                    }
                  >
                    {s.disabled ? m.enable : m.disable}
                  </button>
                  <FieldChange
                    label={m.newName}
                    action={m.rename}
                    value={s.displayName}
                    ask={(next) => m.nameAsk(s.displayName, next)}
                    save={(displayName) => actions.updateStaff(s.accountId, { displayName })}
                  />
                  <FieldChange
                    label={m.newEmail}
                    action={m.changeEmail}
                    type="email"
                    value={s.email}
                    ask={(next) => m.emailAsk(s.email, next)}
                    save={(email) => actions.updateStaff(s.accountId, { email })}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface FieldChangeProps {
  label: string;
  action: string;
  value: string;
  type?: 'email' | 'text';
  ask: (next: string) => string;
  save: (next: string) => Promise<unknown>;
}

/**
 * One field of a staff member (their sign-in address, the name customers see), changed by an admin
 * after a confirm: staff cannot change their own.
 */
function FieldChange({ label, action, value, type = 'text', ask, save }: FieldChangeProps) {
  const [open, setOpen] = useState(false);
  const { error, change } = useChange();
  const { register, handleSubmit } = useForm<{ value: string }>({ defaultValues: { value } });
  if (!open) {
    return (
      <button type="button" className="button button-small button-secondary" onClick={() => setOpen(true)}>
        {action}
      </button>
    );
  }
  const onSubmit = handleSubmit(async ({ value: next }) => {
    // Kept open when refused, with the server's words under the field.
    if (await change(ask(next), () => save(next))) setOpen(false);
  });
  return (
    <form className="console-row" onSubmit={onSubmit}>
      <Field label={label} type={type} autoComplete="off" error={error} {...register('value', { required: true })} />
      <button type="submit" className="button button-small button-primary">
        {action}
      </button>
    </form>
  );
}

function Keys() {
  const { data: keys } = useKeys(true);
  const { error, change } = useChange();
  return (
    <section className="card form-card">
      <h2>{m.keys}</h2>
      <FormError error={error} />
      <ul className="console-audit" data-testid="keys">
        {keys?.map((k) => (
          <li key={k.keyId}>
            <strong>
              {k.name}
              {k.admin && messages.joined('', consoleMessages.roles.admin ?? '')}
            </strong>
            <span className="small muted">
              {messages.joined(k.keyId, `${m.createdBy} ${k.createdBy}`, showTimestamp(k.createdAt))}
              {k.revokedAt && messages.joined('', `${m.revoked} ${showTimestamp(k.revokedAt)}`)}
            </span>
            {!k.revokedAt && (
              <span>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => void change(m.revokeAsk(k.name), () => actions.revokeKey(k.keyId))}
                >
                  {m.revoke}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function InviteForm() {
  const modal = useModal();
  const toast = useToast();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<{ email: string; name: string; role: string }>({
    defaultValues: { role: String(StaffRole.OPERATOR) },
  });
  const submit = handleSubmit(async ({ email, name, role }) => {
    setError(undefined);
    const r = Number(role) as StaffRole;
    if (!(await modal.confirm({ message: m.inviteAsk(email, ROLE_NAMES[r] ?? '') }))) return;
    try {
      await actions.invite(email, name, r);
      toast(m.invited(email), 'success');
      reset();
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  return (
    <form className="card form-card console-form" onSubmit={submit} data-testid="invite-form">
      <h2>{m.invite}</h2>
      <Field label={m.email} type="email" autoComplete="off" {...register('email', { required: true })} />
      <Field label={m.name} autoComplete="off" {...register('name', { required: true, maxLength: 40 })} />
      <SelectField
        label={m.role}
        options={[StaffRole.OPERATOR, StaffRole.ADMIN].map((r) => ({ value: String(r), label: ROLE_NAMES[r] ?? '' }))}
        {...register('role')}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.invite} block={false} />
    </form>
  );
}

function IssueForm() {
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<{ name: string; admin: boolean }>();
  const submit = handleSubmit(async ({ name, admin }) => {
    setError(undefined);
    try {
      const issued = await actions.issueKey(name, admin);
      setSecret(issued.secret);
      reset();
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  return (
    <form className="card form-card console-form" onSubmit={submit} data-testid="issue-form">
      <h2>{m.issue}</h2>
      <Field label={m.keyName} {...register('name', { required: true })} />
      <label className="console-check">
        <input type="checkbox" {...register('admin')} /> {m.keyAdmin}
      </label>
      <FormFooter error={error} busy={formState.isSubmitting} label={m.issue} block={false} />
      {secret && (
        <div className="notice notice-warning" role="status" data-testid="secret">
          <p>{m.secret}</p>
          <code className="console-secret">{secret}</code>
        </div>
      )}
    </form>
  );
}
