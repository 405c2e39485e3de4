import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { TOAST_DURATION_MS } from '@/lib/constants';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast at the top right for 5 s unless told otherwise. */
export function useToast() {
  const set = useSetAtom(toastsAtom);
  return useCallback(
    (message: string, kind: ToastKind = 'info', durationMs: number = TOAST_DURATION_MS) => {
      const id = nextId++;
      set((list) => [...list, { id, kind, message, durationMs }]);
      setTimeout(() => set((list) => list.filter((t) => t.id !== id)), durationMs);
    },
    [set],
  );
}
