// The app's service worker (public/sw.js): what makes Sabai installable on a phone's home screen, the
// offline page, and web pushes (lib/web-push.ts subscribes through the same registration).
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker once the page has loaded, so it never competes with the first screen's requests.
 * Built app only: the dev server's reloads should not pass through a worker. A browser that refuses it
 * (private mode, a blocked worker) still runs the app; only the offline page and installing are missing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
