import { useCallback, useState } from 'react';
import { useSettled } from '@/components/payment/pay-by';
import { messages } from '@/lib/messages';
import { PaymentState, refreshAfterSettlement, refusal, type Payment } from './api/payment-api';

/** While a payment waits for the bank, follows it; calls `onSettled` once it has settled, with what
 * shows the wallet and the order asked for again. */
export function useSettlement(payment: Payment | undefined, onSettled: (p: Payment) => void): void {
  const settled = useCallback(
    (done: Payment) => {
      void refreshAfterSettlement();
      onSettled(done);
    },
    [onSettled],
  );
  useSettled(payment, settled);
}

export function completePath(payment: Payment): string {
  const query = new URLSearchParams({ payment: payment.id });
  if (payment.orderId) query.set('order', payment.orderId);
  return `/payment-complete?${query}`;
}

/**
 * Sends a payment or top-up request and follows its answer: VNPay leaves for VNPay's page, a
 * transfer still awaited goes to `onPending`, a settled payment to `onSettled`; a refusal is shown
 * in the server's words.
 */
export function usePaymentRequest(onPending: (p: Payment) => void, onSettled: (p: Payment) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const send = useCallback(
    async (request: () => Promise<Payment>): Promise<boolean> => {
      setBusy(true);
      setError(undefined);
      try {
        const p = await request();
        if (p.redirectUrl) window.location.assign(p.redirectUrl);
        else if (p.state === PaymentState.PENDING) onPending(p);
        else onSettled(p);
        return true;
      } catch (e) {
        setError(refusal(e, messages.errors.network));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onPending, onSettled],
  );
  return { busy, error, setError, send };
}
