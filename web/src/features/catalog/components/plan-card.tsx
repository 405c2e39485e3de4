import '../catalog.css';
import { Link } from 'react-router';
import { RatingLine } from '@/components/rating';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { bookingPath, planPath, type Plan } from '../api/catalog-api';

/** `eager`: the card is near the top of the page, so its image loads at once rather than lazily;
 * `headingLevel`: one below its section's heading. */
export function PlanCard({ plan, eager = false, headingLevel = 3 }: { plan: Plan; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const facts = [
    plan.vehicle && messages.catalog.seats(plan.vehicle.seats),
    plan.vehicle && messages.catalog.luggage(plan.vehicle.luggage),
    plan.durationMinutes.length > 0 && plan.durationMinutes.map(messages.catalog.minutes).join(' / '),
  ].filter(Boolean);
  return (
    <article className="plan-card">
      {plan.images[0] && (
        <img className="plan-image" src={plan.images[0]} alt="" width={320} height={180} loading={eager ? 'eager' : 'lazy'} />
      )}
      <div className="plan-body">
        <Name className="plan-name">
          <Link to={planPath(plan)}>{plan.name}</Link>
        </Name>
        <p className="plan-summary">{plan.summary}</p>
        <RatingLine summary={plan.reviews} />
        {plan.rules?.freeCancellationHours ? (
          <p className="badge badge-success plan-badge">{messages.catalog.freeCancel(plan.rules.freeCancellationHours)}</p>
        ) : null}
        {facts.length > 0 && (
          <ul className="plan-facts">
            {facts.map((f) => (
              <li key={String(f)}>{f}</li>
            ))}
          </ul>
        )}
        <div className="plan-footer">
          <p className="price">
            {messages.catalog.fromBefore && <span className="muted">{messages.catalog.fromBefore} </span>}
            <span className="price-amount">{formatVnd(plan.fromPriceVnd)}</span> <span className="muted">{messages.catalog.from}</span>
          </p>
          <Link className="button button-primary button-small" to={bookingPath(plan)}>
            {messages.catalog.book}
          </Link>
        </div>
      </div>
    </article>
  );
}
