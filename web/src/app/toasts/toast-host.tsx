import { useAtom } from 'jotai';
import { TOAST_POSITION } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { toastsAtom } from '@/lib/toasts';

export function ToastHost() {
  const [toasts, setToasts] = useAtom(toastsAtom);
  return (
    <div className={`toasts toasts-${TOAST_POSITION}`} role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          <span>{t.message}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={messages.close}
            onClick={() => setToasts((list) => list.filter((x) => x.id !== t.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
