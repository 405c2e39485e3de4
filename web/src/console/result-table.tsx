import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { messages } from '@/lib/messages';
import { consoleMessages } from './messages';

interface Props {
  /** What the table lists, for screen readers (the table scrolls on a phone). */
  label: string;
  /** Undefined while the first page loads. */
  count: number | undefined;
  error: unknown;
  /** Said when the search finds nothing. */
  none: string;
  columns: string[];
  hasMore: boolean;
  more: () => void;
  testId: string;
  /** The rows. */
  children: ReactNode;
}

/** A searched list's table, and what stands for it while it loads, fails or finds nothing. */
export function ResultTable({ label, count, error, none, columns, hasMore, more, testId, children }: Props) {
  if (error) return <p className="form-error">{consoleMessages.loadFailed}</p>;
  if (count === undefined) return <p className="muted">{messages.loading}</p>;
  if (count === 0) return <p className="muted">{none}</p>;
  return (
    <>
      <div className="card console-table-wrap" role="region" aria-label={label} tabIndex={0}>
        <table className="console-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <LoadMore hasMore={hasMore} onMore={more} />
    </>
  );
}
