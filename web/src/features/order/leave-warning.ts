import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useModal } from '@/lib/modals';
import { orderMessages } from '@/lib/order-messages';

const m = orderMessages.leave;

/**
 * While an order is under way (`active`), leaving its steps for another page asks first, with the
 * warning modal: what was typed is kept, and an unpaid order lapses. Moving between the steps or
 * on to payment does not ask.
 */
export function useLeaveWarning(active: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!active || nextLocation.pathname === currentLocation.pathname) return false;
    return !/^\/order\/|^\/payment|^\/login/.test(nextLocation.pathname);
  });
  const modal = useModal();
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void modal.warning({ title: m.title, message: m.message, cancelText: m.stay, confirmText: m.go }).then((leave) => {
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, modal]);
}
