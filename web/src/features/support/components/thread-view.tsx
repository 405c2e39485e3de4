import '../support.css';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useRetryKey } from '@/lib/use-retry-key';
import { showTimestamp } from '@/lib/vietnam-time';
import { markRead, refusal, sendMessage, useThread } from '../api/support-api';

const m = memberMessages.support;

/** One thread: its messages, oldest first, and the reply box. Opening it reads the replies. */
export function ThreadView({ id }: { id: string }) {
  const asked = useThread(id);
  const thread = asked.data?.thread;
  const said = asked.data?.messages ?? [];
  const error = asked.error ? refusal(asked.error, messages.errors.network) : undefined;
  // Opening the thread reads its replies.
  const unread = thread?.unreadCount ?? 0;
  useEffect(() => {
    if (unread > 0) void markRead(id).catch(() => undefined);
  }, [id, unread]);

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
      {thread.closedAt && (
        <p className="notice" data-testid="closed">
          {m.closed(showTimestamp(thread.closedAt))}
        </p>
      )}
      <ol className="messages" data-testid="messages">
        {said.map((msg, i) => (
          <li key={i} className={msg.fromCustomer ? 'message message-own' : 'message message-staff'}>
            <span className="muted small">
              {messages.joined(msg.fromCustomer ? m.you : m.staff(msg.authorName), showTimestamp(msg.at))}
            </span>
            <p>{msg.body}</p>
          </li>
        ))}
      </ol>
      <Reply id={id} />
    </section>
  );
}

function Reply({ id }: { id: string }) {
  const [error, setError] = useState<string>();
  const retry = useRetryKey();
  const { register, handleSubmit, formState, reset } = useForm<{ body: string }>({ defaultValues: { body: '' } });
  const onSubmit = handleSubmit(async ({ body }) => {
    setError(undefined);
    try {
      await sendMessage(id, body, retry.keyFor(body));
      retry.done();
      reset();
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
