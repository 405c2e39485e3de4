import { useCallback, useRef, useState } from 'react';
import { FormError } from '@/components/form/form-error';
import { PayBy, useSettled } from '@/components/payment/pay-by';
import { TransferPanel } from '@/components/payment/transfer-panel';
import { TravellerJobService } from '@/gen/booking/v1/job_pb';
import { PaymentMethod, PaymentService, PaymentState, type Payment } from '@/gen/booking/v1/payment_pb';
import { useRpc } from '@/lib/api/hooks';
import { refusal } from '@/lib/api/refusal';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useToast } from '@/lib/toasts';
import { showTimestamp } from '@/lib/vietnam-time';

const m = memberMessages.tip;
const PRESETS = [20_000n, 50_000n, 100_000n];

/** A tip for the partner who served the order, from the wallet or by VietQR or VNPay: offered
 * while the server says it may be given, and what was given after. Nothing otherwise. */
export function TipCard({ orderId }: { orderId: string }) {
  const toast = useToast();
  const { data } = useRpc(TravellerJobService.method.getTip, { orderId });
  const [amount, setAmount] = useState('50000');
  const [method, setMethod] = useState(PaymentMethod.VCOIN);
  const [waiting, setWaiting] = useState<Payment>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // One key per method and amount: a retry after a lost answer is the same request.
  const keys = useRef(new Map<string, string>());
  const settled = useCallback(
    (p: Payment) => {
      setWaiting(undefined);
      void invalidate(TravellerJobService, PaymentService);
      if (p.state !== PaymentState.SUCCEEDED) toast(m.returned, 'info');
    },
    [toast],
  );
  useSettled(waiting, settled);
  if (!data) return null;
  if (data.givenVnd > 0n) {
    return (
      <div className="card form-card" data-testid="tip">
        <h2>{m.title}</h2>
        <p>{m.given(formatVnd(data.givenVnd))}</p>
      </div>
    );
  }
  if (waiting?.transfer) {
    return (
      <div className="card form-card" data-testid="tip">
        <h2>{m.title}</h2>
        <p className="notice notice-info">{m.waiting}</p>
        <TransferPanel transfer={waiting.transfer} />
      </div>
    );
  }
  if (!data.openUntil) return null;
  const give = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const vnd = /^\d+$/.test(amount) ? BigInt(amount) : 0n;
      const asked = `${method}:${vnd}`;
      const key = keys.current.get(asked) ?? crypto.randomUUID();
      keys.current.set(asked, key);
      const done = await callRpc(TravellerJobService.method.tipPartner, { orderId, amountVnd: vnd, method }, { 'idempotency-key': key });
      if (done.payment?.redirectUrl) {
        window.location.assign(done.payment.redirectUrl);
        return;
      }
      if (done.payment) setWaiting(done.payment);
      else await invalidate(TravellerJobService, PaymentService);
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
      <PayBy legend={m.payBy} chosen={method} onChoose={setMethod} disabled={busy} />
      <FormError error={error} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? messages.working : m.submit}
      </button>
    </form>
  );
}
