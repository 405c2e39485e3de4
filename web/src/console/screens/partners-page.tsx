import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, SelectField } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { FormFooter } from '@/components/form/form-footer';
import { refusal } from '@/lib/api/refusal';
import { HOME_COUNTRY_CODE } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { useModal } from '@/lib/modals';
import { useToast } from '@/lib/toasts';
import { showTimestamp } from '@/lib/vietnam-time';
import { actions, PartnerKind, useCatalogue, useHomeCities, usePartnerNameMax, usePartners, type Job, type Partner } from '../api';
import { consoleMessages } from '../messages';
import { opsTo } from '../paths';
import { useAction } from '../use-action';

const m = consoleMessages.partners;
const LANGUAGES = ['zh', 'en', 'vi'] as const;

/** Admins' screen: the partners (drivers, guides, therapists), inviting one, turning one off. */
export function PartnersPage() {
  return (
    <div>
      <h1>{consoleMessages.nav.partners}</h1>
      <div className="console-order-grid console-keep-order">
        <div>
          <PartnerList />
        </div>
        <aside>
          <InviteForm />
        </aside>
      </div>
    </div>
  );
}

/** What a partner is, in one line: kind, phone, languages, vehicle. */
function facts(p: Partner): string {
  const vehicle = p.vehicle ? `${p.vehicle.model} ${p.vehicle.plate} (${m.seats} ${p.vehicle.seats})` : '';
  return messages.joined(
    m.kinds[p.kind] ?? '',
    `+${p.phoneCountryCode} ${p.phoneNumber}`,
    p.languages.map((l) => m.language[l] ?? l).join(' '),
    ...(vehicle ? [vehicle] : []),
    ...(p.homeCity ? [messages.catalog.cities[p.homeCity] ?? p.homeCity] : []),
  );
}

function PartnerList() {
  const { data: partners, error } = usePartners(true);
  const { error: refused, run } = useAction();
  // The jobs the last disabling took back, to dispatch again.
  const [returned, setReturned] = useState<{ name: string; jobs: Job[] }>();
  const toggle = (p: Partner) =>
    run(
      async () => {
        const r = await actions.setPartnerActive(p.userId, !p.active);
        setReturned(p.active ? { name: p.name, jobs: r.returned } : undefined);
      },
      p.active ? { ask: m.disableAsk(p.name) } : {},
    );
  return (
    <section className="card form-card">
      <h2>{m.list}</h2>
      <FormError error={refused} />
      {returned && returned.jobs.length > 0 && (
        <div className="notice notice-warning" role="status" data-testid="returned-jobs">
          <p>{m.returned(returned.name, returned.jobs.length)}</p>
          <ul>
            {returned.jobs.map((j) => (
              <li key={j.orderId}>
                <Link to={opsTo('order', { orderId: j.orderId })}>{j.orderId}</Link> {showTimestamp(j.startsAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && <p className="form-error">{consoleMessages.loadFailed}</p>}
      {!partners && !error && <p className="muted">{messages.loading}</p>}
      {partners?.length === 0 && <p className="muted">{m.none}</p>}
      <ul className="console-audit" data-testid="partners">
        {partners?.map((p) => (
          <li key={p.userId} data-partner={p.name}>
            <strong>{p.name}</strong>
            <span className="small muted">{messages.joined(facts(p), p.active ? m.active : m.disabled)}</span>
            <span>
              <button type="button" className={`button button-small ${p.active ? 'button-danger' : 'button-secondary'}`} onClick={() => void toggle(p)}>
                {p.active ? m.disable : m.enable}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface InviteValues {
  email: string;
  kind: string;
  name: string;
  phoneCountryCode: string;
  phoneNumber: string;
  languages: string[];
  model: string;
  plate: string;
  seats: string;
  therapistId: string;
  homeCity: string;
}

function InviteForm() {
  const modal = useModal();
  const toast = useToast();
  const therapists = useCatalogue().data?.therapists ?? [];
  const nameMax = usePartnerNameMax();
  const homeCities = useHomeCities();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, control, formState } = useForm<InviteValues>({
    defaultValues: { kind: String(PartnerKind.DRIVER), phoneCountryCode: HOME_COUNTRY_CODE, languages: ['vi'], seats: '4', homeCity: '' },
  });
  const kind = Number(useWatch({ control, name: 'kind' })) as PartnerKind;
  const submit = handleSubmit(async (v) => {
    setError(undefined);
    if (!(await modal.confirm({ message: m.inviteAsk(v.email) }))) return;
    try {
      await actions.invitePartner({
        email: v.email,
        kind,
        name: v.name,
        phoneCountryCode: v.phoneCountryCode,
        phoneNumber: v.phoneNumber,
        languages: v.languages,
        vehicle: kind === PartnerKind.DRIVER ? { model: v.model, plate: v.plate, seats: Number(v.seats) } : undefined,
        therapistId: kind === PartnerKind.THERAPIST ? v.therapistId : '',
        homeCity: v.homeCity,
      });
      toast(m.invited(v.email), 'success');
      reset();
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  return (
    <form className="card form-card console-form" onSubmit={submit} data-testid="partner-invite">
      <h2>{m.invite}</h2>
      <Field label={m.email} type="email" autoComplete="off" {...register('email', { required: true })} />
      <SelectField
        label={m.kind}
        options={[PartnerKind.DRIVER, PartnerKind.GUIDE, PartnerKind.THERAPIST].map((k) => ({ value: String(k), label: m.kinds[k] ?? '' }))}
        {...register('kind')}
      />
      {/* The field takes no more than the server does. */}
      <Field label={m.name} autoComplete="off" maxLength={nameMax} {...register('name', { required: true, maxLength: nameMax })} />
      <div className="console-row">
        <Field label={m.countryCode} inputMode="numeric" autoComplete="off" {...register('phoneCountryCode', { required: true })} />
        <Field label={m.phone} type="tel" autoComplete="off" {...register('phoneNumber', { required: true })} />
      </div>
      <fieldset className="console-fieldset">
        <legend>{m.languages}</legend>
        {LANGUAGES.map((l) => (
          <label key={l} className="console-check">
            <input type="checkbox" value={l} {...register('languages')} /> {m.language[l]}
          </label>
        ))}
      </fieldset>
      {kind === PartnerKind.DRIVER && (
        <>
          <Field label={m.vehicleModel} autoComplete="off" {...register('model', { required: true })} />
          <div className="console-row">
            <Field label={m.plate} autoComplete="off" {...register('plate', { required: true })} />
            <Field label={m.seats} type="number" min={1} max={45} {...register('seats', { required: true })} />
          </div>
        </>
      )}
      {kind === PartnerKind.THERAPIST && (
        <SelectField
          label={m.therapist}
          options={therapists.map((t) => ({ value: t.id, label: t.name }))}
          {...register('therapistId', { required: true })}
        />
      )}
      <SelectField
        label={m.homeCity}
        options={[{ value: '', label: m.noHomeCity }, ...homeCities.map((c) => ({ value: c, label: messages.catalog.cities[c] ?? c }))]}
        {...register('homeCity')}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.invite} block={false} />
    </form>
  );
}
