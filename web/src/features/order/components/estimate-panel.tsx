import { useEffect, useState, type ReactNode } from 'react';
import { messages } from '@/lib/messages';
import { estimateFee, problemText, type FeeEstimate } from '../api/order-api';
import type { DetailsValues, Flow } from '../flows';
import { Breakdown } from './breakdown';
import { orderMessages } from '@/lib/order-messages';

const m = orderMessages;

interface Quote {
  estimate?: FeeEstimate;
  problem?: string;
  busy: boolean;
}

/** The server's estimate for the details, asked again 300 ms after they stop changing. */
export function useEstimate(flow: Flow, planId: string, details: Partial<DetailsValues>): Quote {
  const snapshot = JSON.stringify(details);
  const [quote, setQuote] = useState<Quote>({ busy: true });
  useEffect(() => {
    const values = JSON.parse(snapshot) as DetailsValues;
    // Nothing to price before there is a time of service.
    if (!values.start) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setQuote((q) => ({ ...q, busy: true }));
      estimateFee(flow, planId, values, abort.signal)
        .then((estimate) => setQuote({ estimate, busy: false }))
        .catch((e: unknown) => {
          if (!abort.signal.aborted) setQuote({ problem: problemText(e, messages.errors.network), busy: false });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [flow, planId, snapshot]);
  return quote;
}

/** The live estimate beside a step's form, with the step's button below it. */
export function EstimatePanel({ quote, priced, children }: { quote: Quote; priced: boolean; children: ReactNode }) {
  return (
    <aside className="card estimate-card" aria-live="polite">
      <h2>{m.estimate}</h2>
      {!priced ? (
        <p className="muted">{m.estimateWaits}</p>
      ) : (
        <>
          {quote.estimate && <Breakdown estimate={quote.estimate} />}
          {quote.problem && (
            <p className="field-hint">
              {m.estimateFix}
              {quote.problem}
            </p>
          )}
          {quote.busy && !quote.estimate && <p className="muted">{m.estimating}</p>}
        </>
      )}
      <p className="muted small">{m.serverPriced}</p>
      {children}
    </aside>
  );
}
