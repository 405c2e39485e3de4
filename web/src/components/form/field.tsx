import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface Frame {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Drawn beside the label (the order forms' help button). */
  aside?: ReactNode;
}

/** A label, a control and its error below it, announced to screen readers. */
function FieldFrame({ label, error, hint, aside, control }: Frame & { control: (id: string, describedBy: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <div className="field-label">
        <label id={`${id}-label`} htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {control(id, `${id}-msg`)}
      <p id={`${id}-msg`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </p>
    </div>
  );
}

export function Field({ label, error, hint, aside, ...input }: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      aside={aside}
      control={(id, describedBy) => <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />}
    />
  );
}

export function SelectField({
  label,
  error,
  hint,
  aside,
  options,
  ...select
}: Frame & SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      aside={aside}
      control={(id, describedBy) => (
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function TextAreaField({ label, error, hint, ...area }: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      control={(id, describedBy) => <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} rows={3} {...area} />}
    />
  );
}
