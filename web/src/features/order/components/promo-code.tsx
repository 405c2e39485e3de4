import { useState, type FormEvent } from 'react';
import type { Order } from '@/gen/booking/v1/order_pb';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { orderMessages as m } from '@/lib/order-messages';
import { applyPromoCode, removePromoCode } from '../api/order-api';

/** The confirm step's promo code: typed and applied by the server, which answers the order with
 * the code's line in its breakdown, or says in words why the code does not apply. */
export function PromoCode({ order }: { order: Order }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const applied = order.estimate?.lines.find((l) => l.code === 'promo');
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      setCode('');
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setBusy(false);
    }
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void run(() => applyPromoCode(order.id, code));
  };
  if (applied) {
    return (
      <p className="promo-code" data-testid="promo-applied">
        {applied.label}{' '}
        <button type="button" className="button-link" disabled={busy} onClick={() => void run(() => removePromoCode(order.id))}>
          {m.promoRemove}
        </button>
        {error && <span className="form-error">{error}</span>}
      </p>
    );
  }
  return (
    <form className="promo-code" onSubmit={apply} noValidate>
      <label htmlFor="promo-code">{m.promoCode}</label>
      <div className="promo-code-row">
        <input id="promo-code" name="promo-code" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'promo-code-error' : undefined} />
        <button type="submit" className="button button-secondary" disabled={busy || !code.trim()}>
          {m.promoApply}
        </button>
      </div>
      {error && (
        <p id="promo-code-error" className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
