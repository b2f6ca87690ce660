import { describe, expect, it } from 'vitest';
import { resolvePath } from './navigation';

describe('resolvePath', () => {
  it('adds the language and keeps the query', () => {
    expect(resolvePath('/dashboard', 'en', false)).toBe('/dashboard?lang=en');
    expect(resolvePath('/issue/inbox?issueId=4&lang=en', 'th', false)).toBe('/issue/inbox?issueId=4&lang=th');
  });

  it('follows the device layout', () => {
    expect(resolvePath('/dashboard', 'th', true)).toBe('/mobile/dashboard?lang=th');
    expect(resolvePath('/issue/inbox?issueId=4', 'en', true)).toBe('/mobile/issue/chat?issueId=4&lang=en');
    expect(resolvePath('/mobile/issue/chat?issueId=4', 'en', false)).toBe('/issue/inbox?issueId=4&lang=en');
    expect(resolvePath('/', 'en', true)).toBe('/?lang=en');
  });
});
