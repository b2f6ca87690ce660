// The header's dropdown menus (user menu, organisation switcher) share where they open.

/**
 * Where the header's menus open: inside the sticky header, so they stay under their trigger. Opened in the
 * page's body, a page scroll (content filling in below, the focus that a press gives the menu) moved an open
 * menu away from the pointer until the next align, and the press landed on the header.
 */
export const headerPopupContainer = (trigger: HTMLElement): HTMLElement =>
  trigger.closest<HTMLElement>('.app-header') ?? document.body;
