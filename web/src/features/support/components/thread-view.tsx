import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useRetryKey } from '@/lib/use-retry-key';
import { showTimestamp } from '@/lib/vietnam-time';
import { getThread, markRead, refusal, sendMessage, type SupportMessage, type SupportThread } from '../api/support-api';
import { useRefreshUnread } from '../unread';

const m = memberMessages.support;
/** How often an open thread asks for new replies. */
const POLL_MS = 20_000;

/** One thread: its messages, oldest first, and the reply box. Opening it reads the replies. */
export function ThreadView({ id }: { id: string }) {
  const [thread, setThread] = useState<SupportThread>();
  const [said, setSaid] = useState<SupportMessage[]>([]);
  const [error, setError] = useState<string>();
  const refreshUnread = useRefreshUnread();
  const load = useCallback(() => {
    getThread(id)
      .then(async (got) => {
        setThread(got.thread);
        setSaid(got.messages);
        if (got.thread && got.thread.unreadCount > 0) {
          await markRead(id);
          refreshUnread();
        }
      })
      .catch((e: unknown) => setError(refusal(e, messages.errors.network)));
  }, [id, refreshUnread]);
  useEffect(() => {
    load();
    const timer = setInterval(load, POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const back = (
    <p>
      <Link to="/member/customer-service">{m.back}</Link>
    </p>
  );
  if (error && !thread)
    return (
      <section>
        {back}
        <p className="form-error">{error}</p>
      </section>
    );
  if (!thread) return <p className="muted">{messages.loading}</p>;
  return (
    <section className="thread-view">
      {back}
      <h1>{thread.subject}</h1>
      {thread.orderId && (
        <p className="muted">
          <Link to={`/member/order?id=${encodeURIComponent(thread.orderId)}`}>{m.viewOrder}</Link>
        </p>
      )}
      <ol className="messages" data-testid="messages">
        {said.map((msg, i) => (
          <li key={i} className={msg.fromCustomer ? 'message message-own' : 'message message-staff'}>
            <span className="muted small">
              {msg.fromCustomer ? m.you : m.staff(msg.authorName)}・{showTimestamp(msg.at)}
            </span>
            <p>{msg.body}</p>
          </li>
        ))}
      </ol>
      <Reply id={id} onSent={load} />
    </section>
  );
}

function Reply({ id, onSent }: { id: string; onSent: () => void }) {
  const [error, setError] = useState<string>();
  const retry = useRetryKey();
  const { register, handleSubmit, formState, reset } = useForm<{ body: string }>({ defaultValues: { body: '' } });
  const onSubmit = handleSubmit(async ({ body }) => {
    setError(undefined);
    try {
      await sendMessage(id, body, retry.keyFor(body));
      retry.done();
      reset();
      onSent();
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    }
  });
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={m.reply}>
      <TextAreaField
        label={m.reply}
        rows={3}
        error={formState.errors.body?.message}
        {...register('body', { validate: (v) => v.trim().length > 0 || m.bodyRequired })}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.send} block={false} />
    </form>
  );
}
