// Sabai Inbox service worker. It makes the app installable and, when the network or the server is gone,
// answers a page load with the offline page instead of the browser's error. It also
// shows web pushes (the server sends them only when no page of the user has the live notification socket
// open) and opens the issue when one is clicked. Only page loads pass through it: API calls, assets and
// the websocket go to the network as if it were not there.
const OFFLINE_CACHE = 'sabai-offline-v1';
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const stale = (await caches.keys()).filter((key) => key !== OFFLINE_CACHE);
      await Promise.all(stale.map((key) => caches.delete(key)));
      // The page's request starts while the worker boots, so a load online costs no extra wait.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch {
        return offlinePage(event.request);
      }
    })(),
  );
});

/** The cached offline page, in the language the address asks for (`lang=th`), English otherwise. */
async function offlinePage(request) {
  const cached = await caches.match(OFFLINE_PAGE);
  if (!cached) return Response.error();
  const language = new URL(request.url).searchParams.get('lang') === 'th' ? 'th' : 'en';
  const html = (await cached.text()).replace('<html lang="en">', `<html lang="${language}">`);
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || 'Sabai Inbox', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      tag: data.issueId ? `issue-${data.issueId}` : undefined,
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      return open ? open.navigate(url).then((w) => w && w.focus()) : self.clients.openWindow(url);
    }),
  );
});
