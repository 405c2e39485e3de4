import '../review.css';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Stars } from './stars';
import { TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { reviewMessages as m } from '@/lib/review-messages';
import { showTimestamp } from '@/lib/vietnam-time';
import { refusal, submitReview, useOrderReview, type Review } from '../api/review-api';

interface Form {
  rating: number;
  comment: string;
}

/** A completed order's review: written once, changed while the server allows, shown as hidden
 * (with the operators' reason) once they hid it. */
export function OrderReview({ orderId }: { orderId: string }) {
  const { data, isPending } = useOrderReview(orderId);
  if (isPending) return null;
  const review = data?.review;
  // The server says whether it may still change (its days, not hidden).
  const open = !review || review.editable;
  return (
    <div className="card form-card order-review" data-testid="order-review">
      <h2>{review ? m.yourReview : m.formTitle}</h2>
      {review?.hidden && (
        <p className="form-error" role="status">
          {m.hidden(review.hiddenReason)}
        </p>
      )}
      {open ? <ReviewForm orderId={orderId} review={review} /> : review && <ShownReview review={review} />}
    </div>
  );
}

function ShownReview({ review }: { review: Review }) {
  return (
    <>
      <p>
        <Stars rating={review.rating} />
      </p>
      {review.comment && <p className="review-comment">{review.comment}</p>}
      {!review.hidden && <p className="muted small">{m.closed}</p>}
    </>
  );
}

function ReviewForm({ orderId, review }: { orderId: string; review?: Review }) {
  const { control, register, handleSubmit, formState } = useForm<Form>({
    defaultValues: { rating: review?.rating ?? 0, comment: review?.comment ?? '' },
  });
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const onSubmit = handleSubmit(async ({ rating, comment }) => {
    setError(undefined);
    setSaved(false);
    try {
      await submitReview(orderId, rating, comment);
      setSaved(true);
    } catch (e) {
      setError(refusal(e, m.failed));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Controller
        name="rating"
        control={control}
        rules={{ min: { value: 1, message: m.chooseRating } }}
        render={({ field, fieldState }) => (
          <fieldset className="star-picker">
            <legend>{m.rating}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= field.value ? 'is-on' : ''}>
                <input
                  type="radio"
                  name={field.name}
                  value={n}
                  aria-label={m.stars(n)}
                  checked={field.value === n}
                  onChange={() => field.onChange(n)}
                />
                <span aria-hidden="true">★</span>
              </label>
            ))}
            {fieldState.error && (
              <p className="field-error" role="alert">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <TextAreaField label={m.comment} hint={m.commentHint} maxLength={1000} {...register('comment')} />
      {review?.editableUntil && <p className="muted small">{m.editableUntil(showTimestamp(review.editableUntil))}</p>}
      {saved && (
        <p className="form-success" role="status">
          {m.saved}
        </p>
      )}
      <FormFooter error={error} busy={formState.isSubmitting} label={review ? m.update : m.submit} block={false} />
    </form>
  );
}
