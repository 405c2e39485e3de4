import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { PaymentMethod, PaymentService, PaymentState, type Payment } from '@/gen/booking/v1/payment_pb';
import { skipToken, useRpc } from '@/lib/api/hooks';
import { formatVnd } from '@/lib/format';
import { liveConnectedAtom } from '@/lib/live-state';
import { paymentMessages } from '@/lib/payment-messages';
import { MethodPicker } from './method-picker';

const m = paymentMessages.payment;
const calls = PaymentService.method;
/** How often a payment that waits is asked about while the live stream is down. */
const POLL_MS = 3000;

interface Props {
  legend: string;
  chosen: PaymentMethod;
  onChoose: (method: PaymentMethod) => void;
  disabled?: boolean;
}

/** How money beyond an order's price (a change's difference, a tip) is paid: from the wallet at
 * once, or by VietQR or VNPay, which the server waits for. The dev provider pays only orders and
 * top-ups, so it is not offered here. */
export function PayBy({ legend, chosen, onChoose, disabled }: Props) {
  const { data: methods } = useRpc(calls.listPaymentMethods, {}, { select: (r) => r.methods });
  const { data: balance } = useRpc(calls.getWallet, {}, { select: (r) => r.balanceVnd });
  const offered = (methods ?? [PaymentMethod.VCOIN]).filter((x) => x !== PaymentMethod.DEV);
  return (
    <MethodPicker
      legend={legend}
      methods={offered}
      chosen={chosen}
      onChoose={onChoose}
      disabled={disabled}
      describe={(x) => <span className="muted small"> {x === PaymentMethod.VCOIN ? m.balance(formatVnd(balance ?? 0n)) : m.methodHints[x]}</span>}
    />
  );
}

/** Follows a payment that waits for the bank or VNPay (read again on its order's live news, or
 * every few seconds while the stream is down) and calls `onSettled` once it has settled. */
export function useSettled(payment: Payment | undefined, onSettled: (p: Payment) => void): void {
  const live = useAtomValue(liveConnectedAtom);
  const waiting = payment?.state === PaymentState.PENDING ? payment.id : undefined;
  const { data: now } = useRpc(calls.getPayment, waiting ? { paymentId: waiting } : skipToken, {
    select: (r) => r.payment,
    refetchInterval: live ? false : POLL_MS,
  });
  const done = waiting && now && now.state !== PaymentState.PENDING ? now : undefined;
  useEffect(() => {
    if (done) onSettled(done);
  }, [done, onSettled]);
}
