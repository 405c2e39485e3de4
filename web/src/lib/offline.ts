// What can still be read with no connection: a traveller's vouchers of orders they opened and a
// partner's schedule, kept in this browser until they sign out, and the app's files (public/sw.js).

const PREFIX = 'offline:';

/** Keeps a value for reading offline. Storage refused (private mode, full) keeps nothing. */
export function keepOffline(key: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + key, value);
  } catch {
    // Nothing kept; the page still works online.
  }
}

export function readOffline(key: string): string | null {
  return localStorage.getItem(PREFIX + key);
}

/** Starts the service worker and hands it this page and the files it was drawn with. */
export function keepAppOffline(): void {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  void sw
    .register('/sw.js')
    .then(() => sw.ready)
    .then((registration) => {
      const files = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
      const urls = [location.pathname, ...files];
      registration.active?.postMessage({ type: 'keep', urls });
    })
    .catch(() => undefined);
}

/** At sign-out: nothing of this traveller's stays on the device; or one kept value alone. */
export function forgetOffline(key?: string): void {
  if (key !== undefined) {
    localStorage.removeItem(PREFIX + key);
    return;
  }
  for (const k of Object.keys(localStorage)) if (k.startsWith(PREFIX)) localStorage.removeItem(k);
  navigator.serviceWorker?.controller?.postMessage({ type: 'forget' });
}
