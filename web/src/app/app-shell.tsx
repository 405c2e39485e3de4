import { Outlet } from 'react-router';
import { useBuildCheck } from './build-check';
import { ModalHost } from './modals/modal-host';
import { ToastHost } from './toasts/toast-host';

/** The page outlet, the three global modals and the toasts. */
export function AppShell() {
  useBuildCheck();
  return (
    <>
      <Outlet />
      <ModalHost />
      <ToastHost />
    </>
  );
}
