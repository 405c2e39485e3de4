// Keeps a signed-in traveller's order page and the partner app readable with no connection: the
// app's files as last loaded, and the page itself (one copy per app: every page of an app is the
// same document); and shows the notices the server pushes (below). Registered from those pages and
// from where notifications are turned on; holds nothing personal (the voucher and the partner's
// schedule are kept by the pages, and forgotten at sign-out).
const CACHE = 'booking-app-v1';
const PAGES = ['/member/order', '/partner'];

/** The kept page a navigation to `path` is served from, if any. */
function pageOf(path) {
  return PAGES.find((page) => path === page || path.startsWith(`${page}/`));
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type === 'keep' && Array.isArray(urls)) {
    const files = urls.filter((u) => typeof u === 'string' && u.startsWith('/assets/'));
    const pages = PAGES.filter((page) => urls.some((u) => pageOf(u) === page));
    event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...pages, ...files])));
  } else if (type === 'forget') {
    event.waitUntil(caches.delete(CACHE));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const page = request.mode === 'navigate' ? pageOf(url.pathname) : undefined;
  if (page) {
    // The network first; the copy kept from the last visit when there is none.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) void caches.open(CACHE).then((cache) => cache.put(page, response.clone()));
          return response;
        })
        .catch(() => caches.match(page).then((kept) => kept ?? Response.error())),
    );
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed files never change: the kept copy first.
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
  }
});

// A notice pushed by the server (Web Push): shown with its title and lines; a tap opens its page
// in a window of this site, or focuses one already there.
self.addEventListener('push', (event) => {
  const notice = event.data?.json() ?? {};
  event.waitUntil(
    self.registration.showNotification(notice.title ?? '', {
      body: notice.body ?? '',
      tag: notice.tag,
      icon: '/favicon.svg',
      data: { url: notice.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
