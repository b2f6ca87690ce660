import { describe, it, expect } from 'vitest';
import {
  MOBILE_ROUTES,
  deviceRedirect,
  isMobilePath,
  isMobileUserAgent,
  isPublicPath,
  landingPath,
  toDesktopPath,
  toMobilePath,
  withLang,
} from './navigation';

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  blackberry:
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+ (KHTML, like Gecko) Version/7.1 Mobile Safari/534.11+',
  operaMini:
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('isMobileUserAgent', () => {
  it.each(['android', 'iphone', 'ipad', 'ipod', 'blackberry', 'operaMini'] as const)(
    'treats %s as mobile',
    (name) => {
      expect(isMobileUserAgent(UA[name])).toBe(true);
    },
  );

  it.each(['windowsChrome', 'macSafari', 'linuxFirefox'] as const)('treats %s as desktop', (name) => {
    expect(isMobileUserAgent(UA[name])).toBe(false);
  });

  it('treats an empty user agent as desktop', () => {
    expect(isMobileUserAgent('')).toBe(false);
  });
});

describe('withLang', () => {
  it('adds lang=en when none is present', () => {
    expect(withLang('')).toBe('?lang=en');
    expect(withLang('?')).toBe('?lang=en');
    expect(withLang('?issueId=12')).toBe('?issueId=12&lang=en');
  });

  it('keeps a valid lang', () => {
    expect(withLang('?lang=th')).toBe('?lang=th');
    expect(withLang('?issueId=12&lang=th&tab=info')).toBe('?issueId=12&lang=th&tab=info');
  });

  it('replaces an invalid lang with en, in place', () => {
    expect(withLang('?a=1&lang=fr&b=2')).toBe('?a=1&lang=en&b=2');
    expect(withLang('?lang=&a=1')).toBe('?lang=en&a=1');
    expect(withLang('?lang')).toBe('?lang=en');
    expect(withLang('?lang=TH')).toBe('?lang=en');
  });

  it('uses the language it is given', () => {
    expect(withLang('?a=1&lang=en&b=2', 'th')).toBe('?a=1&lang=th&b=2');
    expect(withLang('?a=1', 'th')).toBe('?a=1&lang=th');
    expect(withLang('', 'th')).toBe('?lang=th');
  });

  it('keeps the rest of the query string and its order', () => {
    expect(withLang('?z=1&a=2&z=3&q=a%20b&empty=')).toBe('?z=1&a=2&z=3&q=a%20b&empty=&lang=en');
    // Parameters that merely start with "lang" are not the lang parameter.
    expect(withLang('?language=th&langx=1')).toBe('?language=th&langx=1&lang=en');
  });

  it('accepts a search string without the leading ?', () => {
    expect(withLang('issueId=3')).toBe('?issueId=3&lang=en');
  });

  it('leaves exactly one lang', () => {
    expect(withLang('?lang=th&a=1&lang=en')).toBe('?lang=th&a=1');
    expect(withLang('?lang=xx&lang=th')).toBe('?lang=en');
  });
});

describe('toMobilePath / toDesktopPath', () => {
  it('maps desktop paths to /mobile with inbox becoming chat', () => {
    expect(toMobilePath('/dashboard')).toBe('/mobile/dashboard');
    expect(toMobilePath('/issue/inbox')).toBe('/mobile/issue/chat');
    expect(toMobilePath('/issue/inbox/')).toBe('/mobile/issue/chat/');
    expect(toMobilePath('/report/team-performance')).toBe('/mobile/report/team-performance');
    expect(toMobilePath('/mobile/issue/inbox')).toBe('/mobile/issue/inbox');
    // No kanban on a phone: its issues are the phone's list.
    expect(toMobilePath('/issue/kanban')).toBe('/mobile/issue/inbox');
    expect(toMobilePath('/issue/kanban/')).toBe('/mobile/issue/inbox');
  });

  it('maps mobile paths back to desktop', () => {
    expect(toDesktopPath('/mobile/issue/chat')).toBe('/issue/inbox');
    expect(toDesktopPath('/mobile/issue/chat/')).toBe('/issue/inbox/');
    expect(toDesktopPath('/mobile/issue/inbox')).toBe('/issue/inbox');
    expect(toDesktopPath('/mobile/dashboard')).toBe('/dashboard');
    expect(toDesktopPath('/mobile')).toBe('/');
    expect(toDesktopPath('/mobile/')).toBe('/');
    expect(toDesktopPath('/dashboard')).toBe('/dashboard');
  });

  it('knows a mobile path by its first segment', () => {
    expect(isMobilePath('/mobile')).toBe(true);
    expect(isMobilePath('/mobile/login')).toBe(true);
    expect(isMobilePath('/mobilephones')).toBe(false);
    expect(isMobilePath('/dashboard')).toBe(false);
  });
});

describe('deviceRedirect', () => {
  it('sends a mobile device from desktop paths to /mobile, inbox becoming chat', () => {
    expect(deviceRedirect('/dashboard', '', true)).toBe('/mobile/dashboard?lang=en');
    expect(deviceRedirect('/issue/inbox', '?issueId=42&lang=th', true)).toBe(
      '/mobile/issue/chat?issueId=42&lang=th',
    );
    expect(deviceRedirect('/report/agent-performance', '?lang=th', true)).toBe(
      '/mobile/report/agent-performance?lang=th',
    );
  });

  it('applies the same rule to public pages', () => {
    expect(deviceRedirect('/login', '?lang=th', true)).toBe('/mobile/login?lang=th');
    expect(deviceRedirect('/mobile/login', '', false)).toBe('/login?lang=en');
    expect(deviceRedirect('/mobile/login/forget-password', '?lang=th', false)).toBe(
      '/login/forget-password?lang=th',
    );
  });

  it('sends a desktop device from mobile paths to desktop', () => {
    expect(deviceRedirect('/mobile/issue/chat', '?issueId=42&lang=en', false)).toBe(
      '/issue/inbox?issueId=42&lang=en',
    );
    expect(deviceRedirect('/mobile/dashboard', '?lang=th', false)).toBe('/dashboard?lang=th');
    expect(deviceRedirect('/mobile/issue/inbox', '', false)).toBe('/issue/inbox?lang=en');
    expect(deviceRedirect('/mobile', '?lang=th', false)).toBe('/?lang=th');
  });

  it('keeps the query string and ensures lang', () => {
    expect(deviceRedirect('/issue/inbox', '?b=2&a=1', true)).toBe('/mobile/issue/chat?b=2&a=1&lang=en');
    expect(deviceRedirect('/mobile/dashboard', '?lang=de&team=3', false)).toBe('/dashboard?lang=en&team=3');
  });

  it('exempts the root path, with or without a query string', () => {
    expect(deviceRedirect('/', '', true)).toBeNull();
    expect(deviceRedirect('/', '?lang=th', true)).toBeNull();
    expect(deviceRedirect('/', '?lang=th', false)).toBeNull();
    expect(deviceRedirect('', '?lang=th', true)).toBeNull();
  });

  it('returns null when the device is already on its layout', () => {
    expect(deviceRedirect('/mobile/dashboard', '?lang=en', true)).toBeNull();
    expect(deviceRedirect('/mobile/issue/chat', '', true)).toBeNull();
    expect(deviceRedirect('/dashboard', '?lang=en', false)).toBeNull();
    expect(deviceRedirect('/mobilephones', '', false)).toBeNull();
  });
});

describe('landingPath', () => {
  it('sends superAdmin, admin and manager to the dashboard', () => {
    for (const role of ['SuperAdmin', 'Admin', 'Manager']) {
      expect(landingPath({ roleNames: [role], isMobile: false })).toBe('/dashboard');
    }
    expect(landingPath({ roleNames: '["Manager"]', isMobile: false })).toBe('/dashboard');
  });

  it('sends staff to the inbox', () => {
    expect(landingPath({ roleNames: ['Staff'], isMobile: false })).toBe('/issue/inbox/');
    expect(landingPath({ roleNames: '["Staff"]', isMobile: false })).toBe('/issue/inbox/');
  });

  it('uses the highest role of several, and the inbox for no known role', () => {
    expect(landingPath({ roleNames: ['Staff', 'Manager'], isMobile: false })).toBe('/dashboard');
    expect(landingPath({ roleNames: [], isMobile: false })).toBe('/issue/inbox/');
  });

  it('prefixes /mobile on a mobile device', () => {
    expect(landingPath({ roleNames: ['Admin'], isMobile: true, currentPath: '/mobile/login' })).toBe(
      '/mobile/dashboard',
    );
    expect(landingPath({ roleNames: ['Staff'], isMobile: true })).toBe('/mobile/issue/inbox/');
  });

  it('sends a mobile user coming from a chat to the mobile inbox', () => {
    expect(landingPath({ roleNames: ['Manager'], isMobile: true, currentPath: '/mobile/issue/chat' })).toBe(
      '/mobile/issue/inbox/',
    );
  });

  it('ignores the chat rule on desktop', () => {
    expect(landingPath({ roleNames: ['Manager'], isMobile: false, currentPath: '/mobile/issue/chat' })).toBe(
      '/dashboard',
    );
  });
});

describe('routes', () => {
  it('lists the mobile pages', () => {
    expect(MOBILE_ROUTES).toContain('/mobile/issue/chat');
    expect(MOBILE_ROUTES).toContain('/mobile/profile/edit-profile');
    expect(MOBILE_ROUTES.every(isMobilePath)).toBe(true);
    expect(MOBILE_ROUTES).toHaveLength(7);
  });

  it('recognises public pages on both layouts', () => {
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/login/reset-password')).toBe(true);
    expect(isPublicPath('/mobile/login/')).toBe(true);
    expect(isPublicPath('/mobile')).toBe(true);
    expect(isPublicPath('/policy')).toBe(true);
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/mobile/issue/chat')).toBe(false);
  });
});
