// The inbox's keyboard shortcuts: a plain press of a key (or Alt with an arrow) outside anything
// one types in or a dialog, so writing a reply, a search or a note never fires one. Which key does what is
// listed once, in `utils/shortcuts.ts`, for the handlers and the help sheet alike.
import { useEffect, useRef } from 'react';

type KeyPress = Pick<
  KeyboardEvent,
  | 'key'
  | 'code'
  | 'ctrlKey'
  | 'metaKey'
  | 'altKey'
  | 'shiftKey'
  | 'repeat'
  | 'isComposing'
  | 'defaultPrevented'
> & { target: unknown };

/** Where a key press belongs to what the user is typing or to an open dialog, not to the page. */
const TYPING_OR_DIALOG =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="dialog"]';

/** The physical key of a shortcut's character, for layouts (Thai) that type another character there. */
function codeOf(name: string): string {
  if (/^[a-z]$/.test(name)) return `Key${name.toUpperCase()}`;
  return name === '/' || name === '?' ? 'Slash' : name;
}

/**
 * Whether a key press is `shortcut`: a lower-case letter, '/', '?', or 'alt+ArrowDown'-like (Alt and a key
 * name). The character itself or the key at its place on the keyboard; no other modifier (Shift only for
 * '?', which is typed with it), not held down, not typed into a field.
 */
export function isShortcut(event: KeyPress, shortcut: string): boolean {
  const withAlt = shortcut.startsWith('alt+');
  const name = withAlt ? shortcut.slice('alt+'.length) : shortcut;
  // Chrome's autofill sends keydown events without a key.
  const key = typeof event.key === 'string' ? event.key : '';
  const isKey = key === name || key.toLowerCase() === name || event.code === codeOf(name);
  const wantsShift = name === '?';
  if (!isKey || event.ctrlKey || event.metaKey || event.altKey !== withAlt) return false;
  if (event.shiftKey !== wantsShift || event.repeat || event.isComposing || event.defaultPrevented)
    return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  return !target?.closest?.(TYPING_OR_DIALOG);
}

/** Runs `action` when one of `shortcuts` is pressed anywhere on the page, while `isEnabled`. */
export function useShortcutKey(
  shortcuts: string | readonly string[],
  action: () => void,
  isEnabled = true,
): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const keys = typeof shortcuts === 'string' ? shortcuts : shortcuts.join(' ');
  useEffect(() => {
    if (!isEnabled) return;
    const list = keys.split(' ');
    const onKeyDown = (event: KeyboardEvent) => {
      if (!list.some((shortcut) => isShortcut(event, shortcut))) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [keys, isEnabled]);
}
