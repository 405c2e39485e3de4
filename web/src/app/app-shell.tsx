import './shell.css';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { importWithReload } from '@/lib/lazy-load';
import { modalAtom } from '@/lib/modals';
import { useBuildCheck } from './build-check';
import { afterFirstCommit } from './first-frame';
import { ToastHost } from './toasts/toast-host';

// Most visits open no modal: its code comes with the first one.
const ModalHost = lazy(() => importWithReload(() => import('./modals/modal-host').then((m) => ({ default: m.ModalHost }))));

/** The page outlet, the three global modals and the toasts. */
export function AppShell() {
  useBuildCheck();
  const modalOpen = useAtomValue(modalAtom) !== null;
  useEffect(() => {
    afterFirstCommit();
  }, []);
  return (
    <>
      <Outlet />
      {modalOpen && (
        <Suspense>
          <ModalHost />
        </Suspense>
      )}
      <ToastHost />
    </>
  );
}
