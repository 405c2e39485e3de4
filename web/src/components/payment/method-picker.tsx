import './payment-parts.css';
import type { ReactNode } from 'react';
import type { PaymentMethod } from '@/gen/booking/v1/payment_pb';
import { paymentMessages } from '@/lib/payment-messages';

interface Props {
  legend: string;
  methods: PaymentMethod[];
  chosen: PaymentMethod | undefined;
  onChoose: (method: PaymentMethod) => void;
  disabled?: boolean;
  /** What to say beside a method's name. */
  describe?: (method: PaymentMethod) => ReactNode;
  /** A method that cannot be chosen now (v-coin short of the total). */
  unavailable?: (method: PaymentMethod) => boolean;
}

/** The payment methods as a radio group, each a card to tap. */
export function MethodPicker({ legend, methods, chosen, onChoose, disabled, describe, unavailable }: Props) {
  return (
    <fieldset className="methods" disabled={disabled}>
      <legend>{legend}</legend>
      {methods.map((x) => (
        <label key={x} className={`method${chosen === x ? ' method-chosen' : ''}`}>
          <input type="radio" name="method" value={x} checked={chosen === x} disabled={unavailable?.(x)} onChange={() => onChoose(x)} />
          <span>
            <strong>{paymentMessages.payment.methods[x]}</strong>
            {describe?.(x)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
