import '../payment.css';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useRetryKey } from '@/lib/use-retry-key';
import { showInstant, showTimestamp } from '@/lib/vietnam-time';
import { PaymentMethod, PaymentState, refusal, topUp, useBalance, useExpiring, useLedger, useMethods, type Payment } from '../api/payment-api';
import { usePaymentRequest, useSettlement } from '../hooks';
import { LoadMore } from '@/components/load-more';
import { GiftRedeem } from './gift-redeem';
import { MethodPicker } from '@/components/payment/method-picker';
import { TransferPanel } from '@/components/payment/transfer-panel';
import { paymentMessages } from '@/lib/payment-messages';
import { FormError } from '@/components/form/form-error';

const m = paymentMessages.wallet;
const PRESETS = [200_000n, 500_000n, 1_000_000n, 2_000_000n];

/** `/member/v-coin`: the balance, topping up, and every entry with its cause. */
export function Wallet() {
  const balance = useBalance();
  const expiring = useExpiring().data ?? [];
  const ledger = useLedger();
  const entries = ledger.items ?? [];
  // A wallet is not topped up from itself.
  const methods = (useMethods().data ?? []).filter((x) => x !== PaymentMethod.VCOIN);
  const [amount, setAmount] = useState('500000');
  const [chosen, setMethod] = useState<PaymentMethod>();
  const method = chosen ?? methods[0];
  const [pending, setPending] = useState<Payment>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const retry = useRetryKey();

  // The top-up's own answer has refreshed the balance and the entries (`topUp`).
  const settled = useCallback((p: Payment) => {
    setPending(undefined);
    if (p.state === PaymentState.SUCCEEDED) setNotice(m.done(formatVnd(p.amountVnd)));
  }, []);
  useSettlement(pending, settled);
  const request = usePaymentRequest(setPending, settled);
  const busy = request.busy;
  const problem = error ?? request.error ?? (balance.error ? refusal(balance.error, messages.errors.network) : undefined);

  async function submit() {
    if (method === undefined || !/^\d+$/.test(amount)) {
      setError(m.amountHint);
      return;
    }
    // The same amount and method again (after a lost answer) is the same request.
    const asked = `${amount}|${method}`;
    setError(undefined);
    setNotice(undefined);
    const sent = await request.send(() => topUp(BigInt(amount), method, retry.keyFor(asked)));
    if (sent) retry.done();
  }

  return (
    <section className="wallet-page">
      <h1>{m.title}</h1>
      <div className="order-grid">
        <div>
          <div className="card form-card">
            <p className="muted small">{m.balance}</p>
            <p className="balance" data-testid="balance">
              {balance.data === undefined ? messages.loading : formatVnd(balance.data)}
            </p>
            {expiring.length > 0 && (
              <ul className="expiring" data-testid="expiring">
                {expiring.map((e, i) => (
                  <li key={`${e.giftCode}-${i}`}>{m.expiring(formatVnd(e.amountVnd), showTimestamp(e.expiresAt))}</li>
                ))}
              </ul>
            )}
            <p className="muted small">{m.lead}</p>
          </div>
          <GiftRedeem />
          <div className="card form-card">
            <h2>{m.historyTitle}</h2>
            {entries.length === 0 ? (
              <p className="muted">{m.empty}</p>
            ) : (
              <ul className="ledger" data-testid="ledger">
                {entries.map((e, i) => (
                  <li key={`${e.at?.seconds}-${i}`}>
                    <span>
                      <strong>{m.kinds[e.kind] ?? e.kind}</strong>{' '}
                      {e.orderId ? (
                        <Link to={`/member/order?id=${encodeURIComponent(e.orderId)}`}>{m.forOrder(e.orderId)}</Link>
                      ) : (
                        e.note !== m.kinds[e.kind] && <span className="muted small">{e.note}</span>
                      )}
                      <br />
                      <span className="muted small">{e.at ? showInstant(new Date(Number(e.at.seconds) * 1000)) : ''}</span>
                    </span>
                    <span className="ledger-amount">
                      <strong className={e.amountVnd < 0n ? 'out' : 'in'}>
                        {e.amountVnd > 0n ? '+' : ''}
                        {formatVnd(e.amountVnd)}
                      </strong>
                      <br />
                      <span className="muted small">
                        {m.afterBalance} {formatVnd(e.balanceAfterVnd)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <LoadMore hasMore={ledger.hasMore} onMore={ledger.more} />
          </div>
        </div>
        <aside className="card estimate-card">
          <h2>{m.topUpTitle}</h2>
          {pending?.transfer ? (
            <TransferPanel transfer={pending.transfer} />
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <div className="chips">
                {PRESETS.map((p) => (
                  <button key={p} type="button" className="button button-small button-secondary" onClick={() => setAmount(String(p))}>
                    {formatVnd(p)}
                  </button>
                ))}
              </div>
              <label className="field">
                <span>{m.amount}</span>
                <input name="amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))} />
                <small className="muted">{m.amountHint}</small>
              </label>
              <MethodPicker legend={m.method} methods={methods} chosen={method} onChoose={setMethod} disabled={busy} />
              <FormError error={problem} />
              {notice && (
                <p className="notice notice-success" role="status">
                  {notice}
                </p>
              )}
              <button type="submit" className="button button-primary button-block" disabled={busy || method === undefined}>
                {busy ? messages.working : m.submit}
              </button>
            </form>
          )}
        </aside>
      </div>
    </section>
  );
}
