import { messages } from '@/lib/messages';

/** 「載入更多」 while a list has a next page (`next`, its token). */
export function LoadMore({ next, onMore }: { next: string; onMore: () => void }) {
  if (!next) return null;
  return (
    <button type="button" className="button button-secondary" onClick={onMore}>
      {messages.loadMore}
    </button>
  );
}
