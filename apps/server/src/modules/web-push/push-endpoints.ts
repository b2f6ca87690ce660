// Which push services a browser subscription may point at. The endpoint is whatever the signed-in user
// sends, and the server POSTs to it on every notification: only the browsers' push services (https) are
// accepted, plus origins the operator lists in OUTBOUND_ALLOWED_ORIGINS.
import { originOf } from '../../platform/guarded-fetch';

/** Chrome and Edge on Android (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge on Windows (WNS). */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com'];
const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowedOrigins.some((origin) => originOf(origin) === url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}
