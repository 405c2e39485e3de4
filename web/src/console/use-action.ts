import { Code, ConnectError } from '@connectrpc/connect';
import { useState } from 'react';
import { refusal } from '@/lib/api/refusal';
import { useModal, type ModalConfig } from '@/lib/modals';
import { useToast } from '@/lib/toasts';
import { consoleMessages } from './messages';

interface Options {
  /** Asked first in the confirm dialog (its words, or the whole dialog): nothing runs unless confirmed. */
  ask?: string | ModalConfig;
  /** The toast once done. */
  done?: string;
  /** What to say when someone else changed the thing first (ABORTED: the version was stale). */
  raced?: string;
}

/**
 * Every console change runs through this: after a confirm when asked, then a toast; a refusal is
 * kept as `error` in the server's words, for the form or the list to show.
 */
export function useAction() {
  const modal = useModal();
  const toast = useToast();
  const [error, setError] = useState<string>();
  const run = async (work: () => Promise<unknown>, o: Options = {}): Promise<boolean> => {
    if (o.ask && !(await modal.confirm(typeof o.ask === 'string' ? { message: o.ask } : o.ask))) return false;
    setError(undefined);
    try {
      await work();
      toast(o.done ?? consoleMessages.done, 'success');
      return true;
    } catch (e) {
      const raced = o.raced !== undefined && ConnectError.from(e).code === Code.Aborted;
      setError(raced ? o.raced : refusal(e, consoleMessages.failed));
      return false;
    }
  };
  return { error, run };
}
