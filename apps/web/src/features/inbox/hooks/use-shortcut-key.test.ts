import { describe, expect, it } from 'vitest';
import { isShortcut } from './use-shortcut-key';

/** A target that sits inside what `inside` names (or nowhere special). */
const element = (inside: string | null) => ({
  closest: (selector: string) => (inside && selector.includes(inside) ? {} : null),
});

const press = (over: Partial<Parameters<typeof isShortcut>[0]> = {}) => ({
  key: 'n',
  code: 'KeyN',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  repeat: false,
  isComposing: false,
  defaultPrevented: false,
  target: element(null),
  ...over,
});

describe('one-key shortcuts', () => {
  it('fires on the plain letter on the page, or the key at its place on a Thai layout', () => {
    expect(isShortcut(press(), 'n')).toBe(true);
    expect(isShortcut(press({ key: 'N' }), 'n')).toBe(true); // caps lock
    expect(isShortcut(press({ key: 'ื' }), 'n')).toBe(true);
    expect(isShortcut(press({ target: null }), 'n')).toBe(true);
    expect(isShortcut(press({ key: 'a', code: 'KeyA' }), 'n')).toBe(false);
    // Chrome's autofill: a keydown without a key.
    expect(isShortcut(press({ key: undefined as unknown as string, code: '' }), 'n')).toBe(false);
  });

  it('leaves presses with a modifier, held keys and composed characters alone', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey', 'repeat', 'isComposing'] as const) {
      expect(isShortcut(press({ [modifier]: true }), 'n')).toBe(false);
    }
    expect(isShortcut(press({ defaultPrevented: true }), 'n')).toBe(false);
  });

  it('never fires while typing in a field or inside a dialog', () => {
    for (const place of ['input', 'textarea', 'select', '[contenteditable]', '[role="dialog"]']) {
      expect(isShortcut(press({ target: element(place) }), 'n')).toBe(false);
    }
  });

  it('knows the slash, the question mark (typed with Shift) and Alt with an arrow', () => {
    expect(isShortcut(press({ key: '/', code: 'Slash' }), '/')).toBe(true);
    expect(isShortcut(press({ key: 'ฝ', code: 'Slash' }), '/')).toBe(true); // Thai layout
    expect(isShortcut(press({ key: '?', code: 'Slash', shiftKey: true }), '?')).toBe(true);
    expect(isShortcut(press({ key: '?', code: 'Slash', shiftKey: true }), '/')).toBe(false);
    expect(isShortcut(press({ key: '/', code: 'Slash' }), '?')).toBe(false);
    const altDown = press({ key: 'ArrowDown', code: 'ArrowDown', altKey: true });
    expect(isShortcut(altDown, 'alt+ArrowDown')).toBe(true);
    expect(isShortcut({ ...altDown, altKey: false }, 'alt+ArrowDown')).toBe(false);
    expect(isShortcut(altDown, 'alt+ArrowUp')).toBe(false);
    expect(isShortcut(press({ key: 'j', code: 'KeyJ', altKey: true }), 'j')).toBe(false);
  });
});
