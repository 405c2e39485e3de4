import { useState } from 'react';
import { FormError } from '@/components/form/form-error';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { paymentMessages } from '@/lib/payment-messages';
import { useRetryKey } from '@/lib/use-retry-key';
import { showTimestamp } from '@/lib/vietnam-time';
import { redeemGiftCode, refusal } from '../api/payment-api';

const m = paymentMessages.gift;

/** A gift code typed from its card, redeemed into the wallet; the server reads the code and says
 * why one is refused. */
export function GiftRedeem() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const retry = useRetryKey();

  async function submit() {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      // The same code again (after a lost answer) is the same request.
      const r = await redeemGiftCode(code, retry.keyFor(code.trim()));
      retry.done();
      setCode('');
      const amount = formatVnd(r.amountVnd);
      setNotice(r.creditExpiresAt ? m.doneExpires(amount, showTimestamp(r.creditExpiresAt)) : m.done(amount));
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card form-card"
      aria-labelledby="gift-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="gift-title">{m.title}</h2>
      <label className="field">
        <span>{m.code}</span>
        <input
          name="gift-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
        <small className="muted">{m.hint}</small>
      </label>
      <FormError error={error} />
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      <button type="submit" className="button button-secondary button-block" disabled={busy || code.trim() === ''}>
        {busy ? messages.working : m.submit}
      </button>
    </form>
  );
}
