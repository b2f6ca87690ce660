// The inbox's one-key shortcuts ("n" takes the next issue, "a" takes the open one): a plain press of the
// letter outside anything one types in or a dialog, so writing a reply, a search or a note never fires one.
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

/**
 * Whether a key press is the shortcut `letter` (lower case): the letter itself or the key at its place on the
 * keyboard (a Thai layout types another character there), with no modifier, not held down, not typed into a
 * field.
 */
export function isShortcut(event: KeyPress, letter: string): boolean {
  // Chrome's autofill sends keydown events without a key.
  const key = typeof event.key === 'string' ? event.key.toLowerCase() : '';
  const isLetter = key === letter || event.code === `Key${letter.toUpperCase()}`;
  const hasModifier = event.ctrlKey || event.metaKey || event.altKey || event.shiftKey;
  if (!isLetter || hasModifier || event.repeat || event.isComposing || event.defaultPrevented) return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  return !target?.closest?.(TYPING_OR_DIALOG);
}

/** Runs `action` when the shortcut `letter` is pressed anywhere on the page, while `isEnabled`. */
export function useShortcutKey(letter: string, action: () => void, isEnabled = true): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event, letter)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [letter, isEnabled]);
}
