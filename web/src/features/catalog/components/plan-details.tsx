import '../catalog.css';
import { useState, type ReactNode } from 'react';
import { PhotoViewer } from '@/components/photo-viewer';
import { Link } from 'react-router';
import { RatingLine } from '@/components/rating';
import { cancellationWords } from '@/lib/cancellation';
import { formatVnd } from '@/lib/format';
import { isUploaded, photoAt, wideSrcSet } from '@/lib/photos';
import { messages } from '@/lib/messages';
import { planMessages as m } from '@/lib/plan-messages';
import { bookingPath, type CategoryInfo, type Plan } from '../api/catalog-api';

/** A plan's own page: what it is, includes and leaves out, where it meets, the policy, its
 * travellers' reviews (`reviews`, drawn by the page) and 立即預訂. */
export function PlanDetails({ info, plan, reviews }: { info: CategoryInfo; plan: Plan; reviews?: ReactNode }) {
  const c = plan.content;
  const rules = plan.rules;
  const lengths = plan.durationMinutes.map(messages.catalog.minutes).join(' / ');
  // Uploaded photos open large; a category's drawing is only that.
  const photos = plan.images.filter(isUploaded);
  const [viewing, setViewing] = useState<number>();
  const open = (src: string) => setViewing(photos.indexOf(src));
  const book = (
    <Link className="button button-primary" to={bookingPath(plan)}>
      {m.book}
    </Link>
  );
  return (
    <article className="plan-page">
      <nav className="breadcrumb" aria-label={messages.nav.breadcrumb}>
        <Link to="/">{m.home}</Link> › <Link to={`/category/${info.slug}`}>{info.name}</Link>
      </nav>
      <h1>{plan.name}</h1>
      <RatingLine summary={plan.reviews} />
      {plan.images[0] && (
        <Enlarge can={photos.includes(plan.images[0])} label={messages.photos.open(1, photos.length)} onOpen={() => open(plan.images[0] ?? '')}>
          <img
            className="plan-hero"
            src={plan.images[0]}
            srcSet={wideSrcSet(plan.images[0])}
            sizes="(min-width: 1000px) 960px, 100vw"
            alt={plan.name}
            width={960}
            height={540}
          />
        </Enlarge>
      )}
      {viewing !== undefined && viewing >= 0 && (
        <PhotoViewer photos={photos.map((p) => photoAt(p, 1280))} start={viewing} title={plan.name} onClose={() => setViewing(undefined)} />
      )}
      <div className="plan-page-grid">
        <div className="plan-page-main">
          <p className="plan-lead">{plan.summary}</p>
          {plan.images.length > 1 && (
            <div className="plan-gallery">
              {plan.images.slice(1).map((src) => (
                <Enlarge key={src} can={photos.includes(src)} label={messages.photos.open(photos.indexOf(src) + 1, photos.length)} onOpen={() => open(src)}>
                  <img src={src} alt="" width={320} height={180} loading="lazy" />
                </Enlarge>
              ))}
            </div>
          )}
          <Section title={m.about}>
            <p>{plan.description}</p>
            {lengths && (
              <p>
                {messages.labelled(m.lengths, lengths)}
              </p>
            )}
          </Section>
          {c && c.included.length + c.excluded.length > 0 && (
            <div className="plan-lists">
              <Section title={m.included}>
                <ul className="ticks" data-testid="included">
                  {c.included.map((x) => (
                    <li key={x}>{x}</li>
                  ))}
                </ul>
              </Section>
              <Section title={m.excluded}>
                <ul className="crosses" data-testid="excluded">
                  {c.excluded.map((x) => (
                    <li key={x}>{x}</li>
                  ))}
                </ul>
              </Section>
            </div>
          )}
          <Section title={m.capacity}>
            <p>{plan.vehicle ? m.capacityLine(plan.vehicle.seats, plan.vehicle.luggage) : m.people(rules?.capacity ?? 1)}</p>
          </Section>
          {c && (c.meetingPoint || c.finding) && (
            <Section title={m.meeting}>
              <dl className="summary">
                <dt>{m.meetingPoint}</dt>
                <dd>{c.meetingPoint}</dd>
                <dt>{m.finding}</dt>
                <dd>{c.finding}</dd>
                {c.freeWaitingMinutes > 0 && (
                  <>
                    <dt>{m.waiting}</dt>
                    <dd data-testid="waiting">
                      {m.waitingFree(c.freeWaitingMinutes)}
                      {c.waitingFeeVnd > 0n ? m.waitingFee(formatVnd(c.waitingFeeVnd)) : m.waitingNoFee}
                    </dd>
                  </>
                )}
              </dl>
            </Section>
          )}
          {c?.serviceArea && (
            <Section title={m.area}>
              <p>{c.serviceArea}</p>
            </Section>
          )}
          {rules?.freeCancellationHours ? (
            <Section title={m.policy}>
              <p data-testid="plan-policy">{cancellationWords.terms(rules.freeCancellationHours, rules.lateCancellationFeePercent)}</p>
            </Section>
          ) : null}
          <section className="plan-section" id="reviews">
            <h2>
              {m.reviews} <RatingLine summary={plan.reviews} />
            </h2>
            {reviews}
          </section>
        </div>
        <aside className="plan-book">
          <p className="price">
            {m.fromBefore && <span className="muted">{m.fromBefore} </span>}
            <span className="price-amount">{formatVnd(plan.fromPriceVnd)}</span> <span className="muted">{m.from}</span>
          </p>
          {rules?.freeCancellationHours ? <p className="badge badge-success">{messages.catalog.freeCancel(rules.freeCancellationHours)}</p> : null}
          {book}
        </aside>
      </div>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="plan-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A photo that opens large when it is one (a drawing stays as it is). */
function Enlarge({ can, label, onOpen, children }: { can: boolean; label: string; onOpen: () => void; children: ReactNode }) {
  if (!can) return children;
  return (
    <button type="button" className="photo-open" aria-label={label} onClick={onOpen}>
      {children}
    </button>
  );
}
