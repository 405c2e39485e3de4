import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Stars } from '@/features/review';
import { refusal } from '@/lib/api/refusal';
import { showTimestamp } from '@/lib/vietnam-time';
import { hideReview, ReviewView, useReviews } from '../api';
import { consoleMessages } from '../messages';
import { opsTo } from '../paths';
import { ResultTable } from '../result-table';
import { TextAreaField } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';

const m = consoleMessages.reviews;
const VIEWS: Record<string, ReviewView> = { all: ReviewView.UNSPECIFIED, shown: ReviewView.SHOWN, hidden: ReviewView.HIDDEN };

/** Travellers' reviews, newest first; any operator may hide one, with a reason its customer is mailed. */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') ?? 'all';
  const { items, hasMore, more, error } = useReviews(VIEWS[view] ?? ReviewView.UNSPECIFIED);
  return (
    <div className="console-reviews-page">
      <h1>{consoleMessages.nav.reviews}</h1>
      <div className="chips" role="group" aria-label={consoleMessages.nav.reviews}>
        {Object.entries(m.views).map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`button button-small ${view === value ? 'button-primary' : 'button-secondary'}`}
            aria-pressed={view === value}
            onClick={() => setParams(value === 'all' ? {} : { view: value })}
          >
            {label}
          </button>
        ))}
      </div>
      <ResultTable
        label={consoleMessages.nav.reviews}
        count={items?.length}
        error={error}
        none={consoleMessages.empty}
        columns={[m.at, m.rating, m.review, m.order, m.state]}
        hasMore={hasMore}
        more={more}
        testId="reviews-table"
      >
        {items?.map((r) => (
          <tr key={r.orderId} data-order={r.orderId}>
            <td>{showTimestamp(r.createdAt)}</td>
            <td>
              <Stars rating={r.rating} />
            </td>
            <td>
              <strong>{r.author}</strong>
              <div className="review-comment">{r.comment}</div>
            </td>
            <td>
              <Link to={opsTo('order', { orderId: r.orderId })}>{r.orderId}</Link>
              <div className="small muted">{r.planId}</div>
            </td>
            <td>{r.hidden ? <span className="muted">{m.hidden(r.hiddenReason)}</span> : <HideButton orderId={r.orderId} />}</td>
          </tr>
        ))}
      </ResultTable>
    </div>
  );
}

/** 「隱藏」, which asks for the reason in place before anything is sent. */
function HideButton({ orderId }: { orderId: string }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!asking)
    return (
      <button type="button" className="button button-small button-danger" onClick={() => setAsking(true)}>
        {m.hide}
      </button>
    );
  const hide = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await hideReview(orderId, reason);
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
      setBusy(false);
    }
  };
  return (
    <form
      className="console-inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        void hide();
      }}
    >
      <TextAreaField label={m.reason} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      <FormError error={error} />
      <div className="console-row">
        <button type="submit" className="button button-small button-danger" disabled={busy}>
          {m.confirm}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => setAsking(false)}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
