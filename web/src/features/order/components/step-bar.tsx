import { orderMessages } from '@/lib/order-messages';

/** Where the customer is in the flow: 1 service details, 2 contact, 3 confirm. */
export function StepBar({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="step-bar" aria-label={orderMessages.steps.join(' → ')}>
      {orderMessages.steps.map((label, i) => (
        <li key={label} className={i + 1 === current ? 'step-current' : i + 1 < current ? 'step-done' : undefined} aria-current={i + 1 === current ? 'step' : undefined}>
          <span className="step-number">{i + 1}</span> {label}
        </li>
      ))}
    </ol>
  );
}
