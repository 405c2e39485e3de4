import '../order.css';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { skipToken } from '@/lib/api/hooks';
import { OrderState } from '@/gen/booking/v1/order_pb';
import { allows, OrderAction } from '@/lib/order-actions';
import { SelectField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { createOrder, fieldProblem, isGone, updateOrder, useOrder, usePlans, type Plan } from '../api/order-api';
import { refusal } from '@/lib/api/refusal';
import { resumeOrder, startBooking, useDraft } from '../draft';
import { categoryOfFlow, NEW_BOOKING, stepPath } from '@/lib/paths';
import { fieldsOf, initialDetails, type DetailsValues, type Flow } from '../flows';
import { DetailFields } from './detail-fields';
import { suggestedPickUp } from '../rules';
import { PlanCancellationLine } from './cancellation-line';
import { useLeaveWarning } from '../leave-warning';
import { EstimatePanel, useEstimate } from './estimate-panel';
import { StepPage } from '@/components/step-page';
import { orderMessages } from '@/lib/order-messages';

const m = orderMessages;

interface Props {
  flow: Flow;
  /** The plan the path or `?plan=` names; the draft's or the first one otherwise. */
  planId: string;
  signedIn: boolean;
}

/** Step1: the service details, with the server's live estimate beside them. */
export function OrderStep1({ flow, planId, signedIn }: Props) {
  const [draft] = useDraft(flow);
  const asked = usePlans(categoryOfFlow(flow));
  // A list that could not be had shows as none.
  const plans = asked.isError ? [] : asked.data;
  const plan = plans?.find((p) => p.id === (planId || draft.planId)) ?? (planId ? undefined : plans?.[0]);
  // From the catalogue (`?new=1`): a new booking, never the draft's order. The marker is dropped
  // at once, so a reload goes on with what was typed since.
  const [query] = useSearchParams();
  const fresh = query.has(NEW_BOOKING);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!fresh) return;
    startBooking(flow, planId);
    const rest = new URLSearchParams(query);
    rest.delete(NEW_BOOKING);
    navigate({ pathname, search: rest.size ? `?${rest.toString()}` : '' }, { replace: true });
  }, [fresh, flow, planId, query, pathname, navigate]);
  // The step bar and heading come first, so the page is there before the plans are.
  return (
    <StepPage flow={flow} step={1}>
      {!plans || fresh ? (
        <p className="muted">{messages.loading}</p>
      ) : plan ? (
        <Step1Form key={`${plan.id}:${draft.started ?? 0}`} flow={flow} plan={plan} plans={plans} signedIn={signedIn} />
      ) : (
        <p className="notice notice-warning">{m.planMissing}</p>
      )}
    </StepPage>
  );
}

function Step1Form({ flow, plan, plans, signedIn }: { flow: Flow; plan: Plan; plans: Plan[]; signedIn: boolean }) {
  const [draft, setDraft] = useDraft(flow);
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, control, setError, setValue, formState } = useForm<DetailsValues>({
    mode: 'onTouched',
    defaultValues: startingValues(flow, plan, draft.details),
  });
  // The order this booking already made, when going on with it (back from step2 or confirm).
  const editing = draft.orderId && draft.orderPlanId === plan.id ? draft.orderId : '';
  const current = useOrder(editing || skipToken).data;
  const fixed = Boolean(current?.paymentOpenedAt);
  const values = useWatch({ control });
  const snapshot = JSON.stringify(values);
  const quote = useEstimate(flow, plan.id, values);
  // Something typed, or an order already made: leaving asks first.
  useLeaveWarning(formState.isDirty || Boolean(draft.orderId));

  // A drop-off's new departure suggests the pick-up (the customer may move it).
  const departure = String(values.departure ?? '');
  const lastDeparture = useRef(departure);
  const [suggested, setSuggested] = useState(false);
  useEffect(() => {
    if (departure === lastDeparture.current) return;
    lastDeparture.current = departure;
    const pickUp = suggestedPickUp(departure, plan);
    if (pickUp) setValue('start', pickUp, { shouldValidate: true, shouldTouch: true });
    setSuggested(Boolean(pickUp));
  }, [departure, plan, setValue]);
  const hints = { start: suggested && values.direction === 'drop-off' ? m.pickupSuggested((plan.rules?.dropOffLeadMinutes ?? 0) / 60) : undefined };

  // Every change is kept, so a reload or the detour through sign-in loses nothing.
  useEffect(() => {
    setDraft((d) => ({ ...d, planId: plan.id, details: JSON.parse(snapshot) as DetailsValues }));
  }, [snapshot, plan.id, setDraft]);

  const onSubmit = handleSubmit(async (details) => {
    setFormError(undefined);
    if (!signedIn) {
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    try {
      let order;
      if (editing) {
        order = await updateOrder(editing, { flow, details }).catch((e: unknown) => {
          // Paid, lapsed or cancelled: a new order. One whose payment is open says why it is fixed.
          if (isGone(e) && !fixed) return undefined;
          throw e;
        });
      }
      order ??= await createOrder(flow, plan.id, details, crypto.randomUUID());
      const made = order.id;
      // An order this booking made before (for another plan) stays on offer, not forgotten.
      setDraft((d) => ({
        ...d,
        planId: plan.id,
        details,
        orderId: made,
        orderPlanId: plan.id,
        earlierOrderId: d.orderId && d.orderId !== made ? d.orderId : d.earlierOrderId,
      }));
      navigate(stepPath(flow, 'step2', plan.id));
    } catch (e) {
      const problem = fieldProblem(e);
      if (problem && problem.field in details) setError(problem.field, { message: problem.message }, { shouldFocus: true });
      else setFormError(refusal(e, messages.errors.network));
    }
  });

  return (
    <form className="order-grid" onSubmit={onSubmit} noValidate>
      <div className="card form-card">
        {editing && (
          <div className={`notice ${fixed ? 'notice-warning' : 'notice-info'}`} role="status" data-testid="editing-order">
            <p>{fixed ? m.paymentOpen : m.editing(editing)}</p>
            <p className="notice-actions">
              {fixed && (
                <Link className="button button-small button-primary" to={`/payment?order=${encodeURIComponent(editing)}`}>
                  {m.toPay}
                </Link>
              )}
              <button type="button" className="button button-small button-secondary" onClick={() => startBooking(flow, plan.id)}>
                {m.newBooking}
              </button>
            </p>
          </div>
        )}
        {!editing && draft.earlierOrderId && <EarlierOrder flow={flow} orderId={draft.earlierOrderId} />}
        {flow === 'escort' ? (
          <p className="order-plan">
            <strong>{plan.name}</strong>
          </p>
        ) : (
          <SelectField
            label={m.plan}
            value={plan.id}
            onChange={(e) => navigate(stepPath(flow, 'step1', e.target.value), { replace: true })}
            options={plans.map((p) => ({ value: p.id, label: messages.aside(p.name, messages.catalog.priceFrom(formatVnd(p.fromPriceVnd))) }))}
          />
        )}
        <DetailFields fields={fieldsOf(flow, 1, plan)} values={values} hints={hints} plan={plan} register={register} errors={formState.errors} />
        <BiggerPlan flow={flow} plan={plan} plans={plans} people={Number(values.passengers ?? values.people ?? 0)} />
      </div>
      <EstimatePanel quote={quote} priced={Boolean(values.start)}>
        <PlanCancellationLine plan={plan} freeUntil={values.start ? quote.freeUntil : undefined} />
        {!signedIn && <p className="notice notice-warning">{m.signInToContinue}</p>}
        <FormFooter error={formError} busy={formState.isSubmitting} label={m.next} />
      </EstimatePanel>
    </form>
  );
}

/** The booking before this one, while it is still unpaid: going back to it is the customer's choice. */
function EarlierOrder({ flow, orderId }: { flow: Flow; orderId: string }) {
  const navigate = useNavigate();
  const order = useOrder(orderId).data;
  if (!order || !allows(order, OrderAction.CHANGE)) return null;
  return (
    <div className="notice notice-info" role="status" data-testid="earlier-order">
      <p>{m.earlier(order.id, order.planName)}</p>
      <p className="notice-actions">
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => {
            resumeOrder(flow, order);
            navigate(stepPath(flow, order.state === OrderState.DRAFT ? 'step2' : 'confirm', order.planId));
          }}
        >
          {m.resume}
        </button>
      </p>
    </div>
  );
}

/** The draft's values for this plan where it has them, with a length the plan sells. */
function startingValues(flow: Flow, plan: Plan, saved: DetailsValues | null): DetailsValues {
  const values = { ...initialDetails(flow, plan), ...(saved ?? {}) };
  if ('durationMinutes' in values && !plan.durationMinutes.includes(Number(values.durationMinutes))) {
    values.durationMinutes = plan.durationMinutes[0] ?? 0;
  }
  return values;
}

/** More people than the plan takes: says its limit and offers the smallest plan that fits. */
function BiggerPlan({ flow, plan, plans, people }: { flow: Flow; plan: Plan; plans: Plan[]; people: number }) {
  const capacity = plan.rules?.capacity ?? 0;
  if (!capacity || people <= capacity) return null;
  const fits = plans
    .filter((p) => (p.rules?.capacity ?? 0) >= people && (flow !== 'shuttle' || p.airport === plan.airport))
    .sort((a, b) => (a.rules?.capacity ?? 0) - (b.rules?.capacity ?? 0))[0];
  return (
    <p className="notice notice-warning" role="status" data-testid="bigger-plan">
      {m.overCapacity(plan.name, capacity)}
      {fits ? (
        <>
          {' '}
          <Link to={stepPath(flow, 'step1', fits.id)} replace>
            {m.switchPlan(fits.name, fits.rules?.capacity ?? 0)}
          </Link>
        </>
      ) : (
        <> {m.noPlanFits}</>
      )}
    </p>
  );
}
