import './notifications.css';
import { useEffect, useState } from 'react';
import { create } from '@bufbuild/protobuf';
import { GetNoticeChoicesResponseSchema, NoticeKind, NotificationService } from '@/gen/booking/v1/notification_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, setRpcAnswer } from '@/lib/api/rpc';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { pushState, turnPushOff, turnPushOn, type PushState } from '@/lib/push';
import { useToast } from '@/lib/toasts';
import { noticeMessages as m } from './messages';

const notifications = NotificationService.method;

const KIND_WORDS: Record<NoticeKind, string> = {
  [NoticeKind.UNSPECIFIED]: '',
  [NoticeKind.ORDERS]: m.kind.orders,
  [NoticeKind.PROGRESS]: m.kind.progress,
  [NoticeKind.SUPPORT]: m.kind.support,
  [NoticeKind.REMINDERS]: m.kind.reminders,
  [NoticeKind.OFFERS]: m.kind.offers,
};

/** The kinds each audience chooses, in the order shown: a partner's are the jobs offered to them
 * and their jobs' reminders. */
const KINDS = {
  traveller: [NoticeKind.ORDERS, NoticeKind.PROGRESS, NoticeKind.SUPPORT, NoticeKind.REMINDERS],
  partner: [NoticeKind.OFFERS, NoticeKind.REMINDERS],
};

/** This device's notifications, on or off, and the kinds of notice the person wants on their
 * devices. */
export function NoticeSettings({ audience }: { audience: 'traveller' | 'partner' }) {
  const kinds = KINDS[audience];
  const toast = useToast();
  const [state, setState] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const choices = useRpc(notifications.getNoticeChoices, {});

  useEffect(() => {
    pushState()
      .then(setState)
      .catch(() => setState('off'));
  }, []);

  const act = async (change: () => Promise<PushState>) => {
    setBusy(true);
    setError(undefined);
    try {
      setState(await change());
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setBusy(false);
    }
  };

  // A choice shows at once, and goes back if the server refuses it.
  const [chosen, setChosen] = useState<Partial<Record<NoticeKind, boolean>>>({});
  const choose = async (kind: NoticeKind, on: boolean) => {
    setChosen((c) => ({ ...c, [kind]: on }));
    try {
      const { choices } = await callRpc(notifications.setNoticeChoice, { kind, on });
      setRpcAnswer(notifications.getNoticeChoices, {}, create(GetNoticeChoicesResponseSchema, { choices }));
      toast(m.saved, 'success');
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setChosen((c) => ({ ...c, [kind]: undefined }));
    }
  };

  return (
    <section className="card form-card notice-settings" data-testid="notice-settings">
      <h2>{m.title}</h2>
      <p className="muted small">{audience === 'partner' ? m.leadPartner : m.lead}</p>
      {state === 'unsupported' && <p className="muted">{m.unsupported}</p>}
      {state === 'denied' && <p className="form-error">{m.denied}</p>}
      {(state === 'on' || state === 'off') && (
        <p className="notice-device">
          <span className={state === 'on' ? 'badge badge-success' : 'badge'}>{state === 'on' ? m.deviceOn : m.deviceOff}</span>{' '}
          <button
            type="button"
            className={state === 'on' ? 'button button-secondary' : 'button'}
            disabled={busy}
            onClick={() => void act(state === 'on' ? turnPushOff : turnPushOn)}
          >
            {state === 'on' ? m.turnOff : m.turnOn}
          </button>
        </p>
      )}
      {error && <p className="form-error">{error}</p>}
      {choices.data && (
        <fieldset className="notice-kinds">
          <legend>{m.kinds}</legend>
          {choices.data.choices
            .filter((c) => kinds.includes(c.kind))
            .sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind))
            .map((c) => (
              <label key={c.kind}>
                <input type="checkbox" checked={chosen[c.kind] ?? c.on} onChange={(e) => void choose(c.kind, e.target.checked)} /> {KIND_WORDS[c.kind]}
              </label>
            ))}
        </fieldset>
      )}
    </section>
  );
}
