import './shell.css';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { restoreSessionOnStart } from '@/features/account';
import { useBuildCheck } from './build-check';
import { afterFirstCommit } from './first-frame';
import { ModalHost } from './modals/modal-host';
import { ToastHost } from './toasts/toast-host';

/** The page outlet, the three global modals and the toasts. */
export function AppShell() {
  useBuildCheck();
  // Spec §4: on start, a signed-in user's token and cookie are refreshed and the profile loaded.
  useEffect(() => {
    afterFirstCommit();
    void restoreSessionOnStart();
  }, []);
  return (
    <>
      <Outlet />
      <ModalHost />
      <ToastHost />
    </>
  );
}
