// This browser's web push device (its deviceToken): registered when the profile's web notifications
// are on, so notices reach the user while no page is open; removed when they are turned off. Pages do not
// pop notices up while a device token is stored (the push covers them).
import { routes } from '@sabai/contracts';
import { api } from './api';
import { SERVICE_WORKER_URL } from './service-worker';
import { getDeviceToken, setDeviceToken } from './session';

/** Whether this browser can receive pushes at all (service workers, the Push API, notifications). */
export function canPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * Whether this is an iPhone or iPad browser tab: iOS delivers web pushes only to a web app added to the
 * home screen (iOS 16.4 and later), so the profile explains that step there.
 */
export function needsHomeScreenForPush(): boolean {
  const isIos =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    // iPadOS reports itself as a Mac; only its touch screen tells it apart.
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const isInstalled =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return isIos && !isInstalled;
}

/**
 * Asks for permission, subscribes with the server's VAPID key and registers the subscription. Resolves to
 * false when the browser cannot push or the user refuses notifications.
 */
export async function registerPushDevice(): Promise<boolean> {
  if (!canPush() || (await Notification.requestPermission()) !== 'granted') return false;
  const worker = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const { publicKey } = await api(routes.webPush.publicKey);
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlBytes(publicKey),
  });
  // The DOM types leave a subscription's parts optional; a subscription the browser just made has them all.
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return false;
  const { deviceToken } = await api(routes.webPush.registerDevice, {
    body: { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } },
  });
  setDeviceToken(deviceToken);
  return true;
}

/** Unregisters this browser's device on the server and drops its subscription. */
export async function unregisterPushDevice(): Promise<void> {
  const deviceToken = getDeviceToken();
  if (!deviceToken) return;
  await api(routes.auth.logoutDevice, { body: { deviceToken } });
  setDeviceToken(null);
  const worker = canPush() ? await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL) : undefined;
  await (await worker?.pushManager.getSubscription())?.unsubscribe();
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}
