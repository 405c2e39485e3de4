import './payment-parts.css';
import { useState } from 'react';
import { useQrImage } from '@/lib/use-qr';
import type { BankTransfer } from '@/gen/booking/v1/payment_pb';
import { formatVnd } from '@/lib/format';
import { paymentMessages } from '@/lib/payment-messages';

const m = paymentMessages.payment;

/** A VietQR transfer: the QR for bank apps, and the same facts to type in by hand. */
export function TransferPanel({ transfer }: { transfer: BankTransfer }) {
  const image = useQrImage(transfer.qrPayload, 240, 2);
  return (
    <div className="transfer" data-testid="transfer">
      <h2>{m.transferTitle}</h2>
      <p className="muted small">{m.transferLead}</p>
      {image && <img className="qr" src={image} width={240} height={240} alt="VietQR" data-payload={transfer.qrPayload} />}
      <dl className="summary">
        <dt>{m.bank}</dt>
        <dd>{transfer.bankName}</dd>
        <dt>{m.account}</dt>
        <dd>
          {transfer.accountNumber} <Copy text={transfer.accountNumber} />
        </dd>
        <dt>{m.holder}</dt>
        <dd>{transfer.accountHolder}</dd>
        <dt>{m.amount}</dt>
        <dd>{formatVnd(transfer.amountVnd)}</dd>
        <dt>{m.memo}</dt>
        <dd>
          <strong data-testid="memo">{transfer.memo}</strong> <Copy text={transfer.memo} />
        </dd>
      </dl>
      <p className="notice" role="status">
        {m.waiting}
      </p>
    </div>
  );
}

function Copy({ text }: { text: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="button button-small button-secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true));
      }}
    >
      {done ? m.copied : m.copy}
    </button>
  );
}
