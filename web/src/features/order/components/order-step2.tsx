import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { messages } from '@/lib/messages';
import { fieldProblem, isGone, problemText, updateOrder, type Contact } from '../api/order-api';
import { useDraft } from '../draft';
import { stepPath, type Flow } from '../flows';
import { StepBar } from './step-bar';

const m = messages.order;
const e = m.errors;

interface Values extends Contact {
  note: string;
}

interface Props {
  flow: Flow;
  /** What the signed-in customer's profile already says, to start from. */
  profile: Contact;
}

/** Step2: who to call, and a note. The contact completes the order, which then awaits payment. */
export function OrderStep2({ flow, profile }: Props) {
  const [draft, setDraft] = useDraft(flow);
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { ...(draft.contact ?? profile), note: draft.note },
  });
  if (!draft.orderId) return <NoOrder flow={flow} planId={draft.planId} />;
  const back = stepPath(flow, 'step1', draft.orderPlanId);

  const onSubmit = handleSubmit(async ({ note, ...contact }) => {
    setFormError(undefined);
    // Kept before the call, so nothing typed is lost if it fails.
    setDraft((d) => ({ ...d, contact, note }));
    try {
      await updateOrder(draft.orderId, { contact, note });
      navigate(stepPath(flow, 'confirm', draft.orderPlanId));
    } catch (err) {
      const problem = fieldProblem(err);
      if (problem && (problem.field in contact || problem.field === 'note')) {
        setError(problem.field as keyof Values, { message: problem.message }, { shouldFocus: true });
      } else if (isGone(err)) {
        setDraft((d) => ({ ...d, orderId: '', orderPlanId: '' }));
        setFormError(m.orderGone);
      } else {
        setFormError(problemText(err, messages.errors.network));
      }
    }
  });
  const err = formState.errors;
  return (
    <section className="order-page">
      <StepBar current={2} />
      <h1>
        {m.flows[flow]}・{messages.pageTitles.step2}
      </h1>
      <form className="card form-card order-narrow" onSubmit={onSubmit} noValidate>
        <h2>{m.contactTitle}</h2>
        <p className="muted">{m.contactLead}</p>
        <Field label={m.contactName} autoComplete="name" error={err.name?.message} {...register('name', { required: e.required, maxLength: { value: 60, message: e.max(60) } })} />
        <div className="field-row">
          <Field
            label={m.countryCode}
            className="input-narrow"
            inputMode="tel"
            error={err.phoneCountryCode?.message}
            {...register('phoneCountryCode', { required: e.required, pattern: { value: /^\+?[1-9][0-9]{0,2}$/, message: e.countryCode } })}
          />
          <Field
            label={m.phoneNumber}
            type="tel"
            autoComplete="tel-national"
            error={err.phoneNumber?.message}
            {...register('phoneNumber', { required: e.required, pattern: { value: /^[0-9 ()-]{4,20}$/, message: e.phone } })}
          />
        </div>
        <div className="field-row">
          <SelectField label={m.messagingApp} options={Object.entries(m.messagingApps).map(([value, label]) => ({ value, label }))} {...register('messagingApp')} />
          <Field label={m.messagingId} error={err.messagingId?.message} {...register('messagingId', { maxLength: { value: 60, message: e.max(60) } })} />
        </div>
        <TextAreaField label={m.note} hint={m.noteHint} error={err.note?.message} {...register('note', { maxLength: { value: 500, message: e.max(500) } })} />
        <FormFooter error={formError} busy={formState.isSubmitting} label={m.next} />
        <p className="order-back">
          <Link to={back}>← {m.back}</Link>
        </p>
      </form>
    </section>
  );
}

export function NoOrder({ flow, planId }: { flow: Flow; planId: string }) {
  return (
    <section className="order-page">
      <p className="notice notice-warning">{m.noOrder}</p>
      <Link className="button button-primary" to={planId ? stepPath(flow, 'step1', planId) : '/'}>
        {m.startOver}
      </Link>
    </section>
  );
}
