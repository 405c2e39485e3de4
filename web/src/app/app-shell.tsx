import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useBuildCheck } from './build-check';
import { importWithReload } from './lazy-route';
import { ModalHost } from './modals/modal-host';
import { ToastHost } from './toasts/toast-host';

/** The page outlet, the three global modals and the toasts. */
export function AppShell() {
  useBuildCheck();
  // Spec §4: on start, a signed-in user's token and cookie are refreshed and the profile loaded.
  // The session's code comes with the API clients, which the first script leaves out.
  useEffect(() => {
    void importWithReload(() => import('@/features/account/session')).then((s) => s.restoreSession());
  }, []);
  return (
    <>
      <Outlet />
      <ModalHost />
      <ToastHost />
    </>
  );
}
