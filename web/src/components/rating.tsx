import { messages } from '@/lib/messages';

interface Summary {
  count: number;
  averageTenths: number;
}

/** 「★ 4.7 · 12 則評價」 for travellers' reviews; nothing while there are none. */
export function RatingLine({ summary }: { summary?: Summary }) {
  if (!summary?.count) return null;
  return (
    <span className="rating-line" data-testid="rating">
      ★ {(summary.averageTenths / 10).toFixed(1)} <span className="muted">· {messages.catalog.reviews(summary.count)}</span>
    </span>
  );
}
