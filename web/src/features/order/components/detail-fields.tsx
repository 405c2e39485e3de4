import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import type { Plan } from '@/gen/booking/v1/catalog_pb';
import { messages } from '@/lib/messages';
import { FIELDS, type DetailsValues, type Flow } from '../flows';
import { rulesFor, window } from '../rules';

interface Props {
  flow: Flow;
  plan: Plan;
  register: UseFormRegister<DetailsValues>;
  errors: FieldErrors<DetailsValues>;
}

/** Step1's fields for a flow, from its field list: only the extras the plan sells. */
export function DetailFields({ flow, plan, register, errors }: Props) {
  const bounds = window(plan);
  return (
    <>
      {FIELDS[flow]
        .filter((spec) => spec.when?.(plan) ?? true)
        .map((spec) => {
          const common = {
            label: spec.label,
            error: errors[spec.name]?.message as string | undefined,
            ...register(spec.name, rulesFor(spec, plan)),
          };
          switch (spec.kind) {
            case 'select':
              return <SelectField key={spec.name} options={spec.options?.(plan) ?? []} {...common} />;
            case 'textarea':
              return <TextAreaField key={spec.name} hint={spec.hint} {...common} />;
            case 'datetime':
              return (
                <Field
                  key={spec.name}
                  type="datetime-local"
                  min={bounds.min}
                  max={bounds.max}
                  hint={messages.order.startHint(Math.ceil((plan.rules?.leadTimeMinutes ?? 0) / 60), plan.rules?.horizonDays ?? 0)}
                  {...common}
                  label={`${spec.label}（${messages.order.vietnamTime}）`}
                />
              );
            case 'number':
              return <Field key={spec.name} type="number" inputMode="numeric" min={spec.min} max={spec.max?.(plan)} hint={spec.hint} {...common} />;
            default:
              return <Field key={spec.name} type="text" hint={spec.hint} {...common} />;
          }
        })}
    </>
  );
}
