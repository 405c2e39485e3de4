import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { MODAL_MAX_WIDTH } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { modalAtom } from '@/lib/modals';

const TITLES = {
  question: messages.modal.questionTitle,
  confirm: messages.modal.confirmTitle,
  warning: messages.modal.warningTitle,
} as const;

/** Renders the open global modal: question/help (300 px), confirm and warning (390 px). */
export function ModalHost() {
  const [modal, setModal] = useAtom(modalAtom);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!modal) return;
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setModal(null);
        modal.config.onCancel?.();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modal, setModal]);

  if (!modal) return null;
  const { kind, config } = modal;
  const close = (confirmed: boolean) => {
    setModal(null);
    if (confirmed) config.onConfirm?.();
    else config.onCancel?.();
  };
  const titleId = `modal-title-${kind}`;
  return (
    <div className="modal-backdrop" onClick={() => close(false)}>
      <div
        role={kind === 'warning' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        className={`modal modal-${kind}`}
        style={{ maxWidth: MODAL_MAX_WIDTH[kind] }}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className="modal-title">
          {config.title ?? TITLES[kind]}
        </h2>
        <div className="modal-body">{config.message}</div>
        <div className="modal-actions">
          {kind !== 'question' && (
            <button type="button" className="button button-secondary" onClick={() => close(false)}>
              {modal.cancelText}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className={kind === 'warning' ? 'button button-danger' : 'button button-primary'}
            onClick={() => close(true)}
          >
            {modal.confirmText}
          </button>
        </div>
      </div>
    </div>
  );
}
