// Facebook Login leaves the app (a full-page navigation) and the server's callback brings the browser back
// to /setting/channel?connection=<id> without the language or the channel type the admin chose, so both
// wait in sessionStorage (this tab only) until the screen reads them.
import { isLanguage } from '@sabai/i18n/core';
import type { Language } from '@sabai/i18n';

const STORAGE_KEY = 'sabai.channels.facebookLogin';

export type MetaChannelType = 'facebook' | 'instagram';

export type PendingFacebookLogin = { type: MetaChannelType; language: Language };

/** Remembers what the admin chose before the browser goes to Facebook. */
export function rememberFacebookLogin(pending: PendingFacebookLogin): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode): the screen falls back to Messenger in the URL's language.
  }
}

/** The choice made before Facebook Login, if any (read during render: no side effect). */
export function pendingFacebookLogin(): PendingFacebookLogin | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { type?: unknown; language?: unknown };
    const type = value.type === 'instagram' ? 'instagram' : 'facebook';
    return { type, language: isLanguage(value.language) ? value.language : 'en' };
  } catch {
    return null;
  }
}

/** Forgets the choice once the screen has used it. */
export function forgetFacebookLogin(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
