import { useEffect, useState, type ReactNode } from 'react';
import { skipToken } from '@/lib/api/hooks';
import { messages } from '@/lib/messages';
import { orderMessages } from '@/lib/order-messages';
import { useFeeEstimate, type FeeEstimate } from '../api/order-api';
import { refusal } from '@/lib/api/refusal';
import type { DetailsValues, Flow } from '../flows';
import { Breakdown } from './breakdown';

const m = orderMessages;

interface Quote {
  estimate?: FeeEstimate;
  /** Until when cancelling these details would be free, as the server counts it. */
  freeUntil?: Date;
  problem?: string;
  busy: boolean;
}

/** The value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The server's estimate for the details, asked again 300 ms after they stop changing. */
export function useEstimate(flow: Flow, planId: string, details: Partial<DetailsValues>): Quote {
  const snapshot = useSettled(JSON.stringify(details), 300);
  const values = JSON.parse(snapshot) as DetailsValues;
  // Nothing to price before there is a time of service.
  const query = useFeeEstimate(flow, planId, values.start ? values : skipToken);
  return {
    estimate: query.data?.estimate,
    freeUntil: query.data?.freeUntil && new Date(Number(query.data.freeUntil.seconds) * 1000),
    problem: query.error ? refusal(query.error, messages.errors.network) : undefined,
    busy: query.isFetching || snapshot !== JSON.stringify(details),
  };
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
