import type { ReactNode } from 'react';
import type { Flow, OrderStep as Step } from '@/lib/paths';
import { messages } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';

const TITLES: Record<Step, string> = {
  1: messages.pageTitles.step1,
  2: messages.pageTitles.step2,
  3: messages.pageTitles.confirm,
};

/** A step's page: where the customer is in the flow, the step's title, then the step itself. */
export function StepPage({ flow, step, children }: { flow: Flow; step: Step; children: ReactNode }) {
  const heading = messages.joined(messages.orderSteps.flows[flow], TITLES[step]);
  usePageTitle(heading);
  return (
    <section className="order-page">
      <StepBar current={step} />
      <h1>{heading}</h1>
      {children}
    </section>
  );
}

/** Where the customer is in the flow: 1 service details, 2 contact, 3 confirm. */
function StepBar({ current }: { current: Step }) {
  const labels = messages.orderSteps.labels;
  return (
    <ol className="step-bar" aria-label={labels.join(' → ')}>
      {labels.map((label, i) => (
        <li key={label} className={i + 1 === current ? 'step-current' : i + 1 < current ? 'step-done' : undefined} aria-current={i + 1 === current ? 'step' : undefined}>
          <span className="step-number">{i + 1}</span> {label}
        </li>
      ))}
    </ol>
  );
}
