import '../catalog.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import type { CategoryWithPlans } from '../api/catalog-api';
import { PlanCard } from './plan-card';

/** The cards of the first row, whose images are on screen when a page at the top opens. */
const FIRST_ROW = 3;

/** A category's heading with its lowest price, then its plans; `first`: the section opens the page. */
export function CategorySection({
  category,
  headingLevel = 2,
  moreLink,
  first = false,
  filters,
  empty,
}: {
  category: CategoryWithPlans;
  headingLevel?: 1 | 2;
  moreLink?: string;
  first?: boolean;
  /** Drawn between the heading and the plans (the category page's filters). */
  filters?: ReactNode;
  /** Shown instead of the category's own empty line when filters leave nothing. */
  empty?: ReactNode;
}) {
  const { info, plans } = category;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="category-section" aria-labelledby={`cat-${info.slug}`}>
      <div className="category-heading">
        <div>
          <Heading id={`cat-${info.slug}`}>{info.name}</Heading>
          <p className="muted">{info.description}</p>
        </div>
        <div className="category-meta">
          {info.planCount > 0 && (
            <span>
              {messages.catalog.plans(info.planCount)} · {messages.catalog.priceFrom(formatVnd(info.fromPriceVnd))}
            </span>
          )}
          {moreLink && (
            <Link to={moreLink} className="link-more">
              {messages.catalog.viewAll} →
            </Link>
          )}
        </div>
      </div>
      {filters}
      {plans.length === 0 ? (
        (empty ?? <p className="empty">{messages.catalog.empty}</p>)
      ) : (
        <div className="plan-grid">
          {plans.map((p, i) => (
            <PlanCard key={p.id} plan={p} eager={first && i < FIRST_ROW} headingLevel={headingLevel === 1 ? 2 : 3} />
          ))}
        </div>
      )}
    </section>
  );
}
