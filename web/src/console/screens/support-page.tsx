import { useAtomValue } from 'jotai';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { liveConnectedAtom } from '@/lib/api/live';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { opsTo } from '../paths';
import { useToast } from '@/lib/toasts';
import { showTimestamp } from '@/lib/vietnam-time';
import { actions, FALLBACK_POLL_MS, useThread, useThreads } from '../api';
import { consoleMessages } from '../messages';

const m = consoleMessages.support;

/** The support inbox: threads waiting for an answer (or all), and the one chosen, answered here. */
export function SupportPage() {
  const [params, setParams] = useSearchParams();
  const all = params.get('view') === 'all';
  const chosen = params.get('thread') ?? '';
  const poll = useAtomValue(liveConnectedAtom) ? false : FALLBACK_POLL_MS;
  const { data: threads, error } = useThreads(!all, poll);
  const view = (next: Record<string, string>) => setParams({ ...(all ? { view: 'all' } : {}), ...(chosen ? { thread: chosen } : {}), ...next });
  return (
    <div className="console-support">
      <h1>{consoleMessages.nav.support}</h1>
      <div className="console-split">
        <section className="card console-inbox">
          <div className="console-tabs" role="tablist">
            <button type="button" role="tab" aria-selected={!all} onClick={() => setParams(chosen ? { thread: chosen } : {})}>
              {m.waiting}
            </button>
            <button type="button" role="tab" aria-selected={all} onClick={() => view({ view: 'all' })}>
              {m.all}
            </button>
          </div>
          {error && <p className="form-error">{consoleMessages.loadFailed}</p>}
          {threads?.length === 0 && <p className="muted">{consoleMessages.empty}</p>}
          <ul className="console-list" data-testid="inbox">
            {threads?.map(({ thread: t, waitingCount }) =>
              t ? (
                <li key={t.id} className={t.id === chosen ? 'console-chosen' : undefined}>
                  <button type="button" className="console-link" onClick={() => view({ thread: t.id })}>
                    <strong>{t.subject || t.orderId}</strong>
                    <span className="muted small">
                      {showTimestamp(t.updatedAt)}
                      {waitingCount > 0 && ` ・${consoleMessages.board.waiting(waitingCount)}`}
                    </span>
                    <span className="small console-preview">{t.preview}</span>
                  </button>
                </li>
              ) : null,
            )}
          </ul>
        </section>
        <section className="card console-thread">{chosen ? <Thread threadId={chosen} /> : <p className="muted">{m.pick}</p>}</section>
      </div>
    </div>
  );
}

function Thread({ threadId }: { threadId: string }) {
  const { data, error } = useThread(threadId);
  const toast = useToast();
  const { register, handleSubmit, reset, formState, setError } = useForm<{ message: string }>();
  if (error) return <p className="form-error">{refusal(error, consoleMessages.loadFailed)}</p>;
  if (!data?.thread?.thread) return <p className="muted">{messages.loading}</p>;
  const t = data.thread.thread;
  const submit = handleSubmit(async ({ message }) => {
    try {
      await actions.reply(threadId, message);
      reset();
      toast(m.sent, 'success');
    } catch (e) {
      setError('message', { message: refusal(e, consoleMessages.failed) });
    }
  });
  return (
    <>
      <h2>{t.subject || t.orderId}</h2>
      {t.orderId && (
        <p className="small">
          {m.about}：<Link to={opsTo('order', { orderId: t.orderId })}>{t.orderId}</Link>
        </p>
      )}
      <ol className="console-messages" data-testid="thread-messages">
        {data.messages.map((msg, i) => (
          <li key={i} className={msg.fromCustomer ? 'from-customer' : 'from-operator'}>
            <span className="muted small">
              {msg.fromCustomer ? m.customer : msg.authorName}・{showTimestamp(msg.at)}
            </span>
            <p>{msg.body}</p>
          </li>
        ))}
      </ol>
      <form className="console-form" onSubmit={submit}>
        <TextAreaField label={m.reply} rows={3} error={formState.errors.message?.message} {...register('message', { required: true })} />
        <FormFooter busy={formState.isSubmitting} label={m.send} block={false} />
      </form>
    </>
  );
}
