/* global self */
// Souq's service worker: shows the web push notifications the server sends (decision 0047). The payload is the
// JSON the server encrypted for this browser: { title, body, url, icon }.
const VIBRATION = [200, 100, 200];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Souq';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' && data.icon ? data.icon : '/favicon.svg',
      data: { url: typeof data.url === 'string' && data.url ? data.url : '/' },
      vibrate: VIBRATION,
    }),
  );
});

// A click opens the notification's page: an open tab of this site is reused, otherwise a new one opens.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => w.url === target) ?? windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (same) return same.navigate(target).then((w) => (w ?? same).focus());
      return self.clients.openWindow(target);
    }),
  );
});
