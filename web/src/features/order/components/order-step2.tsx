import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { messages } from '@/lib/messages';
import { skipToken } from '@/lib/api/hooks';
import { fieldProblem, isGone, updateOrder, usePlan, type Contact, type Plan } from '../api/order-api';
import { refusal } from '@/lib/api/refusal';
import { useDraft, type Draft } from '../draft';
import { useLeaveWarning } from '../leave-warning';
import { stepPath } from '@/lib/paths';
import { fieldsOf, initialDetails, type DetailsValues, type Flow } from '../flows';
import { DetailFields } from './detail-fields';
import { EstimatePanel, useEstimate } from './estimate-panel';
import { StepPage } from '@/components/step-page';
import { orderMessages } from '@/lib/order-messages';

const m = orderMessages;
const e = m.errors;

interface ContactValues extends Contact {
  note: string;
}

/** What a page's own step2 fields (`custom` in the flow) get: the values, a setter, the errors. */
export interface ExtrasForm {
  values: DetailsValues;
  set: (values: DetailsValues) => void;
  errors: Record<string, string | undefined>;
  orderId: string;
}

interface Props {
  flow: Flow;
  /** What the signed-in customer's profile already says, to start from. */
  profile: Contact;
  /** Draws the flow's custom fields (the massage therapist and hotel photos). */
  extras?: (form: ExtrasForm) => ReactNode;
}

/**
 * Step2: the extras the plan sells, who to call, and a note, with the live estimate. The contact
 * completes the order, which then awaits payment.
 */
export function OrderStep2({ flow, profile, extras }: Props) {
  const [draft] = useDraft(flow);
  useLeaveWarning(Boolean(draft.orderId));
  const asked = usePlan(draft.orderPlanId || skipToken);
  // Undefined while loading; null when the plan could not be had.
  const plan = asked.isError ? null : asked.isPending ? undefined : (asked.data ?? null);
  if (!draft.orderId) return <NoOrder flow={flow} planId={draft.planId} />;
  if (plan === undefined) return <p className="muted">{messages.loading}</p>;
  if (plan === null) return <p className="notice notice-warning">{m.planMissing}</p>;
  return <Step2Form flow={flow} plan={plan} draft={draft} profile={profile} extras={extras} />;
}

function Step2Form({ flow, plan, draft, profile, extras: drawExtras }: Props & { plan: Plan; draft: Draft }) {
  const [, setDraft] = useDraft(flow);
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const extras = useForm<DetailsValues>({
    mode: 'onTouched',
    defaultValues: { ...initialDetails(flow, plan), ...(draft.details ?? {}) },
  });
  const contactForm = useForm<ContactValues>({
    mode: 'onTouched',
    defaultValues: { ...(draft.contact ?? profile), note: draft.note },
  });
  const details = useWatch({ control: extras.control });
  const snapshot = JSON.stringify(details);
  const quote = useEstimate(flow, plan.id, details);
  useEffect(() => {
    setDraft((d) => ({ ...d, details: JSON.parse(snapshot) as DetailsValues }));
  }, [snapshot, setDraft]);

  const onSubmit = contactForm.handleSubmit(async ({ note, ...contact }) => {
    setFormError(undefined);
    if (!(await extras.trigger())) return;
    const all = extras.getValues();
    // Kept before the call, so nothing typed is lost if it fails.
    setDraft((d) => ({ ...d, details: all, contact, note }));
    try {
      await updateOrder(draft.orderId, { flow, details: all, contact, note });
      navigate(stepPath(flow, 'confirm', plan.id));
    } catch (err) {
      const problem = fieldProblem(err);
      if (problem && problem.field in all) {
        extras.setError(problem.field, { message: problem.message }, { shouldFocus: true });
      } else if (problem && (problem.field in contact || problem.field === 'note')) {
        contactForm.setError(problem.field as keyof ContactValues, { message: problem.message }, { shouldFocus: true });
      } else if (isGone(err)) {
        setDraft((d) => ({ ...d, orderId: '', orderPlanId: '' }));
        setFormError(m.orderGone);
      } else {
        setFormError(refusal(err, messages.errors.network));
      }
    }
  });
  const { register, formState } = contactForm;
  const err = formState.errors;
  const extraFields = fieldsOf(flow, 2, plan);
  const plainExtras = extraFields.filter((f) => f.kind !== 'custom');
  const custom = extraFields.filter((f) => f.kind === 'custom').map((f) => f.name);
  const customKey = custom.join();
  useEffect(() => {
    for (const name of customKey.split(',').filter(Boolean)) extras.register(name);
  }, [customKey, extras]);
  const extrasForm: ExtrasForm = {
    values: details as DetailsValues,
    set: (values) => {
      for (const [name, value] of Object.entries(values)) {
        extras.setValue(name, value, { shouldDirty: true });
        extras.clearErrors(name);
      }
    },
    errors: Object.fromEntries(custom.map((name) => [name, extras.formState.errors[name]?.message as string | undefined])),
    orderId: draft.orderId,
  };
  return (
    <StepPage flow={flow} step={2}>
      <form className="order-grid" onSubmit={onSubmit} noValidate>
        <div>
          {custom.length > 0 && drawExtras && <div className="card form-card">{drawExtras(extrasForm)}</div>}
          {plainExtras.length > 0 && (
            <div className="card form-card">
              <h2>{m.extrasTitle}</h2>
              <DetailFields fields={plainExtras} values={{}} plan={plan} register={extras.register} errors={extras.formState.errors} />
            </div>
          )}
          <div className="card form-card">
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
          </div>
        </div>
        <EstimatePanel quote={quote} priced={Boolean(details.start)}>
          <FormFooter error={formError} busy={formState.isSubmitting} label={m.next} />
          <p className="order-back">
            <Link to={stepPath(flow, 'step1', plan.id)}>← {m.back}</Link>
          </p>
        </EstimatePanel>
      </form>
    </StepPage>
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
