import { messages } from '@/lib/messages';

/** 「載入更多」 while a list has a next page; `onMore` gets the page token. */
export function LoadMore({ next, onMore }: { next: string; onMore: (token: string) => void }) {
  if (!next) return null;
  return (
    <button type="button" className="button button-secondary" onClick={() => onMore(next)}>
      {messages.loadMore}
    </button>
  );
}
