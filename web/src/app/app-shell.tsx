import './shell.css';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useBuildCheck } from './build-check';
import { afterFirstCommit } from './first-frame';
import { ModalHost } from './modals/modal-host';
import { ToastHost } from './toasts/toast-host';

/** The page outlet, the three global modals and the toasts. */
export function AppShell() {
  useBuildCheck();
  useEffect(() => {
    afterFirstCommit();
  }, []);
  return (
    <>
      <Outlet />
      <ModalHost />
      <ToastHost />
    </>
  );
}
