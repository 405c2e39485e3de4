import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import type { Plan } from '@/gen/booking/v1/catalog_pb';
import { formatVnd } from '@/lib/format';
import { labelOf, optionPrice, type DetailsValues, type FieldSpec } from '../flows';
import { rulesFor, window } from '../rules';
import { messages } from '@/lib/messages';
import { useModal } from '@/lib/modals';
import { orderMessages } from '@/lib/order-messages';

interface Props {
  fields: FieldSpec[];
  /** The answers so far: some fields are asked, or named, after them. */
  values: Partial<DetailsValues>;
  /** Hints that replace a field's own (the suggested pick-up). */
  hints?: Record<string, string | undefined>;
  plan: Plan;
  register: UseFormRegister<DetailsValues>;
  errors: FieldErrors<DetailsValues>;
}

/** A step's fields, from the flow's field list. */
export function DetailFields({ fields, values, hints = {}, plan, register, errors }: Props) {
  const bounds = window(plan);
  return (
    <>
      {fields.filter((spec) => spec.kind !== 'custom' && (spec.when?.(values) ?? true)).map((spec) => {
          const price = spec.option && optionPrice(plan, spec.option.code);
          const hint = hints[spec.name] ?? spec.hint ?? (spec.option && price ? `${spec.option.unit} ${formatVnd(price)}` : undefined);
          const label = labelOf(spec, values);
          const help = spec.help?.(values);
          const common = {
            label,
            aside: help && <HelpButton label={label} text={help} />,
            error: errors[spec.name]?.message as string | undefined,
            ...register(spec.name, rulesFor(spec, plan)),
          };
          switch (spec.kind) {
            case 'select':
              return <SelectField key={spec.name} options={spec.options?.(plan) ?? []} {...common} />;
            case 'textarea':
              return <TextAreaField key={spec.name} hint={hint} {...common} />;
            case 'datetime':
              return (
                <Field
                  key={spec.name}
                  type="datetime-local"
                  min={bounds.min}
                  max={bounds.max}
                  hint={hint ?? orderMessages.startHint(Math.ceil((plan.rules?.leadTimeMinutes ?? 0) / 60), plan.rules?.horizonDays ?? 0)}
                  {...common}
                  label={messages.aside(label, orderMessages.vietnamTime)}
                />
              );
            case 'number':
              return <Field key={spec.name} type="number" inputMode="numeric" min={spec.min} max={spec.max?.(plan)} hint={hint} {...common} />;
            default:
              return <Field key={spec.name} type="text" hint={hint} {...common} />;
          }
        })}
    </>
  );
}

/** Opens what a confusing field means in the help (question) modal. Named 說明, described by the
 * field's label, so the field's own name stays the label's alone. */
function HelpButton({ label, text }: { label: string; text: string }) {
  const modal = useModal();
  return (
    <button type="button" className="help-button" aria-label={messages.modal.questionTitle} title={label} onClick={() => void modal.question({ title: label, message: text })}>
      ?
    </button>
  );
}
