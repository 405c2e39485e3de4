import { useCallback, useRef } from 'react';

/**
 * Keys for writes that must not happen twice: the same request (by its content) gets the same
 * key until `done()`, so sending it again after a lost answer is recognised by the server.
 */
export function useRetryKey(): { keyFor: (request: string) => string; done: () => void } {
  const last = useRef({ request: '', key: '' });
  const keyFor = useCallback((request: string) => {
    if (last.current.request !== request || !last.current.key) last.current = { request, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
  const done = useCallback(() => {
    last.current = { request: '', key: '' };
  }, []);
  return { keyFor, done };
}
