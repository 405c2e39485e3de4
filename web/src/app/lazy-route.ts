import { CHUNK_RELOAD_GUARD_MS, MAX_CONCURRENT_PRELOADS } from '@/lib/constants';

/**
 * Loads a route chunk. When loading fails (typically: a new build replaced the old chunks), the
 * page reloads to fetch the new build, at most once per 10 s for the same path; after that the
 * error goes to the error page instead of looping.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  path: string = location.pathname,
  now: () => number = Date.now,
  reload: () => void = () => location.reload(),
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const key = `chunk-reload:${path}`;
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (now() - last < CHUNK_RELOAD_GUARD_MS) throw error;
    sessionStorage.setItem(key, String(now()));
    reload();
    return new Promise<T>(() => {}); // the page is going away
  }
}

/** Runs at most `limit` tasks at once, queueing the rest in order. */
export function createLimiter(limit: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  const pump = () => {
    while (active < limit && queue.length > 0) {
      active++;
      queue.shift()?.();
    }
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            pump();
          });
      });
      pump();
    });
}

/** Route preloads share one limiter: at most 5 at once. */
export const preloadLimiter = createLimiter(MAX_CONCURRENT_PRELOADS);
