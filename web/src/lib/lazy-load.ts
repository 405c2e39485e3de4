import { CHUNK_RELOAD_GUARD_MS, MAX_CONCURRENT_PRELOADS } from '@/lib/constants';

/** Where the page is now. */
function here(): string {
  return location.pathname + location.search + location.hash;
}

/** Where the navigation under way is going, as the router tells (set where the router is made). */
let pendingNavigation: () => string | undefined = () => undefined;

export function followNavigations(target: () => string | undefined): void {
  pendingNavigation = target;
}

/** Loads the page at `path` from the server: a reload when it is this page, else a visit. */
function loadFromServer(path: string): void {
  if (path === here()) location.reload();
  else location.assign(path);
}

/**
 * Loads a route chunk. When loading fails (typically: a new build replaced the old chunks), the
 * page at the path being opened is loaded from the server, which brings the new build: at most
 * once per 10 s for the same path; after that the error goes to the error page instead of
 * looping.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  at?: string,
  now: () => number = Date.now,
  reload: (path: string) => void = loadFromServer,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    // Asked when the load has failed: by then the router has said where it is going.
    const path = at ?? pendingNavigation() ?? here();
    const key = `chunk-reload:${path}`;
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (now() - last < CHUNK_RELOAD_GUARD_MS) throw error;
    sessionStorage.setItem(key, String(now()));
    reload(path);
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
