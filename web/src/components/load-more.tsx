import { messages } from '@/lib/messages';

/** 「載入更多」 while a list has a next page. */
export function LoadMore({ hasMore, onMore }: { hasMore: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <button type="button" className="button button-secondary" onClick={onMore}>
      {messages.loadMore}
    </button>
  );
}
