import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  items: T[];
  /** The next page's token; empty at the end. */
  next: string;
}

/**
 * A list the server gives a page at a time: the first page whenever `load` changes (memoise it
 * on what it depends on), `more()` for the next, `reload()` to start again.
 */
export function usePages<T>(load: (pageToken: string) => Promise<Loaded<T>>) {
  const [shown, setShown] = useState<Loaded<T> & { load: typeof load }>();
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load('')
      .then((page) => {
        if (!live) return;
        setShown({ ...page, load });
        setError(undefined);
      })
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [load, round]);
  // A page of another list (a tab left a moment ago) is not this list's.
  const current = shown?.load === load ? shown : undefined;
  const more = useCallback(() => {
    if (!current?.next) return;
    void load(current.next).then(
      (page) => setShown((s) => (s?.load === load ? { load, items: [...s.items, ...page.items], next: page.next } : s)),
      (e: unknown) => setError(e),
    );
  }, [current, load]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { items: current?.items, next: current?.next ?? '', error, more, reload };
}
