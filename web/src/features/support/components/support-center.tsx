import '../support.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { LoadMore } from '@/components/load-more';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useRetryKey } from '@/lib/use-retry-key';
import { showTimestamp } from '@/lib/vietnam-time';
import { openThread, refusal, useRecentOrders, useThreads } from '../api/support-api';
import { ContactChannelsCard } from './contact-channels';
import { ThreadView } from './thread-view';

const m = memberMessages.support;
/** The server's limit on a message, checked here first with the same words. */
const BODY_MAX = 2000;

/** `/member/customer-service`: the customer's threads, a new one, and the other channels. */
export function SupportCenter() {
  const [params] = useSearchParams();
  const thread = params.get('thread');
  if (thread) return <ThreadView id={thread} />;
  return (
    <section className="support-center">
      <h1>{memberMessages.nav.support}</h1>
      <p className="muted">{m.lead}</p>
      <div className="order-grid">
        <Threads />
        <div>
          <NewThread orderId={params.get('order') ?? ''} />
          <ContactChannelsCard />
        </div>
      </div>
    </section>
  );
}

function Threads() {
  const { items: threads, hasMore, error: failure, more } = useThreads();
  const error = failure === undefined ? undefined : refusal(failure, messages.errors.network);
  return (
    <div className="card form-card">
      <h2>{m.threadsTitle}</h2>
      {error && <p className="form-error">{error}</p>}
      {!threads ? (
        !error && <p className="muted">{messages.loading}</p>
      ) : threads.length === 0 ? (
        <p className="muted">{m.noThreads}</p>
      ) : (
        <ul className="thread-list" data-testid="threads">
          {threads.map((t) => (
            <li key={t.id} className={t.unreadCount > 0 ? 'thread-unread' : undefined}>
              <Link to={`?thread=${encodeURIComponent(t.id)}`}>
                <strong>{t.subject}</strong>
                {t.unreadCount > 0 && (
                  <span className="badge badge-danger" data-testid="unread">
                    {m.unread(t.unreadCount)}
                  </span>
                )}
              </Link>
              <span className="muted small thread-preview">{t.preview}</span>
              <span className="muted small">
                {messages.joined(showTimestamp(t.updatedAt), m.messages(t.messageCount))}
                {t.orderId && messages.joined('', m.order(t.orderId))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} onMore={more} />
    </div>
  );
}

interface NewThreadValues {
  subject: string;
  orderId: string;
  body: string;
}

function NewThread({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const orders = (useRecentOrders().data ?? []).map((o) => ({ value: o.id, label: messages.aside(o.planName, o.id) }));
  const [error, setError] = useState<string>();
  // One id per distinct request: a retry after a lost answer opens the same thread.
  const retry = useRetryKey();
  const { register, handleSubmit, formState } = useForm<NewThreadValues>({
    mode: 'onTouched',
    defaultValues: { subject: '', orderId, body: '' },
  });
  // The order the page was opened about stays a choice even beyond the latest twenty.
  const choices = [
    { value: '', label: m.noOrder },
    ...(orderId && !orders.some((o) => o.value === orderId) ? [{ value: orderId, label: m.order(orderId) }] : []),
    ...orders,
  ];
  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const thread = await openThread(values, retry.keyFor(JSON.stringify(values)));
      retry.done();
      navigate(`?thread=${encodeURIComponent(thread.id)}`);
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    }
  });
  const e = formState.errors;
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={m.newTitle}>
      <h2>{m.newTitle}</h2>
      <SelectField label={m.about} options={choices} {...register('orderId')} />
      <Field label={m.subject} maxLength={60} {...register('subject')} />
      <TextAreaField
        label={m.body}
        rows={5}
        hint={m.bodyHint(BODY_MAX)}
        error={e.body?.message}
        {...register('body', {
          validate: (v) => (v.trim() ? v.trim().length <= BODY_MAX || m.bodyHint(BODY_MAX) : m.bodyRequired),
        })}
      />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.open} block={false} />
    </form>
  );
}
