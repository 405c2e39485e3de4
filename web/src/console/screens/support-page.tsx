import { useEffect, useRef } from 'react';
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
import { actions, FALLBACK_POLL_MS, ThreadView, useThread, useThreads } from '../api';
import { consoleMessages } from '../messages';

const m = consoleMessages.support;
type Tab = 'waiting' | 'open' | 'closed' | 'all';
const TABS: Record<Tab, ThreadView> = {
  waiting: ThreadView.WAITING,
  open: ThreadView.OPEN,
  closed: ThreadView.CLOSED,
  all: ThreadView.UNSPECIFIED,
};

/** The support inbox: threads waiting for an answer (or all), and the one chosen, answered here. */
export function SupportPage() {
  const [params, setParams] = useSearchParams();
  const tab = (params.get('view') ?? 'waiting') as Tab;
  const chosen = params.get('thread') ?? '';
  const poll = useAtomValue(liveConnectedAtom) ? false : FALLBACK_POLL_MS;
  const { data: threads, error } = useThreads(TABS[tab] ?? ThreadView.WAITING, poll);
  const view = (next: Record<string, string>) => setParams({ view: tab, ...(chosen ? { thread: chosen } : {}), ...next });
  const opened = useRef<HTMLElement>(null);
  useEffect(() => {
    // In one column the thread opens below the list: bring it up to the reader.
    if (chosen && window.matchMedia('(max-width: 1023px)').matches) opened.current?.scrollIntoView({ block: 'start' });
  }, [chosen]);
  return (
    <div className="console-support">
      <h1>{consoleMessages.nav.support}</h1>
      <div className="console-split">
        <section className="card console-inbox">
          <div className="console-tabs" role="tablist">
            {(Object.keys(TABS) as Tab[]).map((t) => (
              <button key={t} type="button" role="tab" aria-selected={t === tab} onClick={() => view({ view: t })}>
                {m[t]}
              </button>
            ))}
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
                      {waitingCount > 0 && ` ${messages.joined('', consoleMessages.board.waiting(waitingCount))}`}
                    </span>
                    <span className="small console-preview">{t.preview}</span>
                  </button>
                </li>
              ) : null,
            )}
          </ul>
        </section>
        {chosen ? (
          <section className="card console-thread" ref={opened}>
            <Thread threadId={chosen} />
          </section>
        ) : (
          <section className="card console-thread console-thread-empty">
            <p className="muted">{m.pick}</p>
          </section>
        )}
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
      <div className="console-plan-head">
        <h2>{t.subject || t.orderId}</h2>
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() =>
            void actions.setClosed(threadId, !t.closedAt).then(
              () => toast(consoleMessages.done, 'success'),
              (e: unknown) => toast(refusal(e, consoleMessages.failed), 'error'),
            )
          }
        >
          {t.closedAt ? m.reopen : m.close}
        </button>
      </div>
      {t.closedAt && <p className="notice">{m.closedAt(showTimestamp(t.closedAt))}</p>}
      {t.orderId && (
        <p className="small">
          {messages.labelled(m.about, '')}
          <Link to={opsTo('order', { orderId: t.orderId })}>{t.orderId}</Link>
        </p>
      )}
      <ol className="console-messages" data-testid="thread-messages">
        {data.messages.map((msg, i) => (
          <li key={i} className={msg.fromCustomer ? 'from-customer' : 'from-operator'}>
            <span className="muted small">
              {messages.joined(msg.fromCustomer ? m.customer : msg.authorName, showTimestamp(msg.at))}
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
