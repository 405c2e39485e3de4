import { useState } from 'react';
import { RefundRoute, RefundTo } from '@/gen/booking/v1/order_pb';
import { memberMessages } from '@/lib/member-messages';
import type { RefundWish } from '../api/member-orders-api';

const m = memberMessages.refund;

/**
 * The cancel dialog's choice of where a paid order's refund goes: v-coin at once (chosen first), or
 * back to what paid, saying what that means for each route the server named; a bank transfer refund
 * asks for the account. Each change is handed to `onChange`, whose last wish the dialog sends.
 */
export function RefundChoice({ sources, onChange }: { sources: RefundRoute[]; onChange: (wish: RefundWish) => void }) {
  const [wish, setWish] = useState<RefundWish>({ to: RefundTo.WALLET });
  const update = (next: RefundWish) => {
    setWish(next);
    onChange(next);
  };
  const to = wish.to;
  const choose = (next: RefundTo) => update({ ...wish, to: next });
  const account = (field: 'bank' | 'number' | 'holder') => (
    <label className="field">
      <span>{m[field]}</span>
      <input
        name={`refund-${field}`}
        autoComplete={field === 'holder' ? 'name' : 'off'}
        value={wish.account?.[field] ?? ''}
        onChange={(e) => update({ ...wish, account: { bank: '', number: '', holder: '', ...wish.account, [field]: e.target.value } })}
      />
    </label>
  );
  return (
    <fieldset className="refund-choice" data-testid="refund-choice">
      <legend>{m.choose}</legend>
      <label className="radio">
        <input type="radio" name="refund-to" checked={to !== RefundTo.SOURCE} onChange={() => choose(RefundTo.WALLET)} />
        {m.toWallet}
      </label>
      <label className="radio">
        <input type="radio" name="refund-to" checked={to === RefundTo.SOURCE} onChange={() => choose(RefundTo.SOURCE)} />
        {m.toSource}
      </label>
      {to === RefundTo.SOURCE && (
        <>
          {sources.includes(RefundRoute.VNPAY) && <p className="muted small">{m.source.vnpay}</p>}
          {sources.includes(RefundRoute.WALLET) && <p className="muted small">{m.source.wallet}</p>}
          {sources.includes(RefundRoute.BANK) && (
            <>
              <p className="muted small">{m.source.bank}</p>
              {account('bank')}
              {account('number')}
              {account('holder')}
            </>
          )}
        </>
      )}
    </fieldset>
  );
}
