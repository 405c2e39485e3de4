import { atom, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { messages } from '@/lib/messages';

export type ModalKind = 'question' | 'confirm' | 'warning';

/** The product's modal configuration: message, button texts and the two callbacks. */
export interface ModalConfig {
  message: ReactNode;
  title?: string;
  cancelText?: string;
  confirmText?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export interface OpenModal extends Required<Pick<ModalConfig, 'cancelText' | 'confirmText'>> {
  kind: ModalKind;
  config: ModalConfig;
}

/** The one open global modal, if any. A new one replaces (and cancels) the previous. */
export const modalAtom = atom<OpenModal | null>(null);

export function withDefaults(kind: ModalKind, config: ModalConfig): OpenModal {
  return {
    kind,
    config,
    cancelText: config.cancelText ?? messages.modal.cancel,
    confirmText: config.confirmText ?? messages.modal.confirm,
  };
}

/** Opens the global modals; each call resolves true on confirm and false on cancel. */
export function useModal() {
  const set = useSetAtom(modalAtom);
  return useMemo(() => {
    const open = (kind: ModalKind) => (config: ModalConfig) =>
      new Promise<boolean>((resolve) => {
        set((previous) => {
          previous?.config.onCancel?.();
          return withDefaults(kind, {
            ...config,
            onConfirm: () => {
              config.onConfirm?.();
              resolve(true);
            },
            onCancel: () => {
              config.onCancel?.();
              resolve(false);
            },
          });
        });
      });
    return { question: open('question'), confirm: open('confirm'), warning: open('warning') };
  }, [set]);
}
