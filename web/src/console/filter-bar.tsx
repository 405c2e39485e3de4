import type { FormEventHandler, ReactNode } from 'react';
import { consoleMessages } from './messages';

/**
 * A list's filter: its fields side by side, applied on submit (`useUrlFilter`'s `apply`); with
 * `onClear`, a button that empties it; `submitLabel` when applying is a search.
 */
export function FilterBar({
  onSubmit,
  onClear,
  submitLabel = consoleMessages.orders.apply,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClear?: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <form className="card console-filter" role="search" onSubmit={onSubmit}>
      {children}
      <div className="console-row">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
        {onClear && (
          <button type="button" className="button button-secondary" onClick={onClear}>
            {consoleMessages.orders.clear}
          </button>
        )}
      </div>
    </form>
  );
}
