// Keeps a signed-in traveller's order page readable with no connection: the app's files as last
// loaded, and the page itself. Registered from the order page only; holds nothing personal (the
// order the voucher shows is kept by the page, and forgotten at sign-out).
const CACHE = 'booking-app-v1';
const PAGE = '/member/order';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type === 'keep' && Array.isArray(urls)) {
    const files = urls.filter((u) => typeof u === 'string' && u.startsWith('/assets/'));
    event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([PAGE, ...files])));
  } else if (type === 'forget') {
    event.waitUntil(caches.delete(CACHE));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === PAGE) {
    // The network first; the copy kept from the last visit when there is none.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) void caches.open(CACHE).then((cache) => cache.put(PAGE, response.clone()));
          return response;
        })
        .catch(() => caches.match(PAGE).then((kept) => kept ?? Response.error())),
    );
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed files never change: the kept copy first.
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
  }
});
