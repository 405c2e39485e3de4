import { useEffect } from 'react';
import { getPayment, PaymentState, type Payment } from './api/payment-api';

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
