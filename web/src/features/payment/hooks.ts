import { useCallback, useEffect, useState } from 'react';
import { messages } from '@/lib/messages';
import { getPayment, PaymentState, refusal, type Payment } from './api/payment-api';

const POLL_MS = 3000;

/** While a payment waits for the bank, asks every few seconds; calls `onSettled` once it has. */
export function useSettlement(payment: Payment | undefined, onSettled: (p: Payment) => void): void {
  const waiting = payment?.state === PaymentState.PENDING ? payment.id : undefined;
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const timer = setInterval(() => {
      getPayment(waiting)
        .then((p) => {
          if (!stopped && p.state !== PaymentState.PENDING) {
            stopped = true;
            clearInterval(timer);
            onSettled(p);
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, onSettled]);
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
