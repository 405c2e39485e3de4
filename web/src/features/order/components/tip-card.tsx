import { useState } from 'react';
import { FormError } from '@/components/form/form-error';
import { TravellerJobService } from '@/gen/booking/v1/job_pb';
import { PaymentService } from '@/gen/booking/v1/payment_pb';
import { useRpc } from '@/lib/api/hooks';
import { refusal } from '@/lib/api/refusal';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { showTimestamp } from '@/lib/vietnam-time';

const m = memberMessages.tip;
const PRESETS = [20_000n, 50_000n, 100_000n];

/** A tip for the partner who served the order, from the wallet: offered while the server says it
 * may be given, and what was given after. Nothing otherwise. */
export function TipCard({ orderId }: { orderId: string }) {
  const { data } = useRpc(TravellerJobService.method.getTip, { orderId });
  const [amount, setAmount] = useState('50000');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!data) return null;
  if (data.givenVnd > 0n) {
    return (
      <div className="card form-card" data-testid="tip">
        <h2>{m.title}</h2>
        <p>{m.given(formatVnd(data.givenVnd))}</p>
      </div>
    );
  }
  if (!data.openUntil) return null;
  const give = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const vnd = /^\d+$/.test(amount) ? BigInt(amount) : 0n;
      await callRpc(TravellerJobService.method.tipPartner, { orderId, amountVnd: vnd });
      await invalidate(TravellerJobService, PaymentService);
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card form-card"
      data-testid="tip"
      onSubmit={(e) => {
        e.preventDefault();
        void give();
      }}
    >
      <h2>{m.title}</h2>
      <p className="muted small">{m.lead(showTimestamp(data.openUntil))}</p>
      <div className="chips">
        {PRESETS.map((p) => (
          <button key={p} type="button" className="button button-small button-secondary" onClick={() => setAmount(String(p))}>
            {formatVnd(p)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{m.amount}</span>
        <input name="tip" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))} />
        <small className="muted">{m.hint(formatVnd(data.minVnd), formatVnd(data.maxVnd))}</small>
      </label>
      <FormError error={error} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? messages.working : m.submit}
      </button>
    </form>
  );
}
