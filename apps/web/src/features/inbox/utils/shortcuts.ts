// The inbox's keyboard shortcuts, in one place: the handlers listen for these keys and the help sheet lists
// them. Letters are lower case; 'alt+ArrowDown' is Alt with the key (see `isShortcut`).
export const SHORTCUTS = {
  next: ['j', 'alt+ArrowDown'],
  previous: ['k', 'alt+ArrowUp'],
  reply: ['r'],
  search: ['/'],
  takeIssue: ['a'],
  takeNext: ['n'],
  resolve: ['e'],
  canned: ['c'],
  note: ['p'],
  help: ['?'],
} as const;

export type ShortcutAction = keyof typeof SHORTCUTS;

const ARROWS: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑' };

/** How a shortcut's key reads on screen: 'J', 'Alt + ↓', '/'. */
export function keyLabel(shortcut: string): string {
  const withAlt = shortcut.startsWith('alt+');
  const name = withAlt ? shortcut.slice('alt+'.length) : shortcut;
  const label = ARROWS[name] ?? name.toUpperCase();
  return withAlt ? `Alt + ${label}` : label;
}
